import { expect, test } from "vitest";
import {
  defaultSettings,
  RAG_KNOBS,
  RAG_REQUEST_KNOBS,
  ragAskRequestSchema,
  ragOptionsOf,
  ragRequestKnobs,
  SETTINGS_FIELDS,
  settingsSchema,
  withRequestKnobs,
  type Settings,
} from "../index";

// Issue 24: one table of the RAG request's knobs. Each entry alone makes its field part of the
// request schema (bounded like its setting), of the request the client builds, and of the
// settings the server runs a question with.

const knobs = Object.entries(RAG_REQUEST_KNOBS) as Array<[keyof typeof RAG_REQUEST_KNOBS, keyof Settings]>;

/** A value of the setting's type other than its default, within its bounds. */
function otherValue(setting: keyof Settings): unknown {
  const value = defaultSettings[setting];
  if (typeof value === "boolean") return !value;
  if (typeof value === "number") {
    const facts = SETTINGS_FIELDS[setting] as { min: number; max: number };
    return value === facts.min ? facts.max : facts.min;
  }
  if (Array.isArray(value)) return ["un-indice"];
  return setting === "rag_llm_model" ? "openai/gpt-oss-20b" : "un altro valore";
}

test("every knob names a global setting, once", () => {
  for (const [, setting] of knobs) expect(settingsSchema.shape).toHaveProperty(setting);
  expect(new Set(knobs.map(([, setting]) => setting)).size).toBe(knobs.length);
});

test("the request the client builds carries every knob, with its setting's value", () => {
  const settings = Object.fromEntries(knobs.map(([, setting]) => [setting, otherValue(setting)]));
  const request = ragRequestKnobs({ ...defaultSettings, ...settings });
  for (const [field, setting] of knobs) expect(request[field]).toEqual(settings[setting]);
  expect(ragAskRequestSchema.safeParse({ question: "Domanda", ...request }).success).toBe(true);
});

test("the server lays each knob a request gives over its setting, and only that setting", () => {
  for (const [field, setting] of knobs) {
    const value = otherValue(setting);
    const asked = withRequestKnobs(defaultSettings, { [field]: value });
    expect(asked[setting]).toEqual(value);
    expect({ ...asked, [setting]: defaultSettings[setting] }).toEqual(defaultSettings);
  }
  expect(withRequestKnobs(defaultSettings, {})).toEqual(defaultSettings);
});

test("a knob is checked like its setting: out of bounds is refused with the setting's Italian message", () => {
  const outOfBounds = ragAskRequestSchema.safeParse({ question: "Domanda", top_k_retrieval_per_index: 500 });
  const asSetting = settingsSchema.shape.rag_top_k_retrieval.safeParse(500);
  expect(outOfBounds.success).toBe(false);
  expect(outOfBounds.error?.issues[0]?.message).toBe(asSetting.error?.issues[0]?.message);
  expect(ragAskRequestSchema.safeParse({ question: "Domanda", piano: "enterprise" }).success).toBe(false);
});

test("every RAG setting has one row, and one name in code (issue 38 §5)", () => {
  const ragSettings = Object.keys(settingsSchema.shape).filter((setting) => setting.startsWith("rag_"));
  expect(Object.keys(RAG_KNOBS).sort()).toEqual(ragSettings.sort());
  const codeNames = Object.values(RAG_KNOBS).map((row) => row.code);
  expect(new Set(codeNames).size).toBe(codeNames.length);
  // The request's fields are the rows that name one: none more, none less.
  expect(Object.keys(RAG_REQUEST_KNOBS).sort()).toEqual(
    Object.values(RAG_KNOBS)
      .flatMap((row) => ("request" in row ? [row.request] : []))
      .sort(),
  );
});

test("the settings under their names in code carry each setting's value", () => {
  const settings = {
    ...defaultSettings,
    ...Object.fromEntries(Object.keys(RAG_KNOBS).map((setting) => [setting, otherValue(setting as keyof Settings)])),
  } as Settings;
  const options = ragOptionsOf(settings);
  for (const [setting, { code }] of Object.entries(RAG_KNOBS))
    expect(options[code as keyof typeof options]).toEqual(settings[setting as keyof Settings]);
  expect(options.topKRetrieval).toBe(settings.rag_top_k_retrieval);
});
