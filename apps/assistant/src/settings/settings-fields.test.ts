import { defaultSettings, SETTINGS_FIELDS, settingsSchema } from "@oystar/api-client";
import { expect, test } from "vitest";
import { settingsSections, sliderStops, withProvider } from "./settings-fields";

test("the form has a field for every key the admin sets per spec 001 §2, and no key twice", () => {
  const keys = settingsSections.flatMap((section) => section.fields.map((field) => field.key));
  expect(new Set(keys).size).toBe(keys.length);
  // Temperature and max tokens keep their values: the spec's panel does not show them.
  const notShown = Object.keys(settingsSchema.shape).filter((key) => !keys.includes(key as never));
  expect(notShown.sort()).toEqual(["pigna_ai_max_tokens", "pigna_ai_temperature"]);
});

test("on the cloud provider only openai/ models are offered, and a local model is replaced", () => {
  const onVm = withProvider({ ...defaultSettings, rag_llm_model: "openai/gpt-oss-20b" }, "vm");
  const local = { ...onVm, rag_llm_model: "llama-3.3-70b-versatile" };
  expect(withProvider(local, "vm").rag_llm_model).toBe("llama-3.3-70b-versatile");
  expect(withProvider(local, "cloud")).toMatchObject({ rag_provider: "cloud", rag_llm_model: "openai/gpt-oss-120b" });
  expect(withProvider(onVm, "cloud").rag_llm_model).toBe("openai/gpt-oss-20b");
  const ragModel = settingsSections.flatMap((section) => section.fields).find((field) => field.key === "rag_llm_model");
  expect(ragModel?.kind === "choice" && ragModel.options(defaultSettings).map((option) => option.value)).toEqual([
    "openai/gpt-oss-120b",
    "openai/gpt-oss-20b",
  ]);
});

// Issue 14 §7: the history-tokens default (spec 001 §9: 6144) fits the slider (§5: 1000–32000, step 1000).
test("a default between two steps is a stop of its own; a value on the grid adds none", () => {
  const facts = SETTINGS_FIELDS.rag_chat_history_max_tokens;
  const stops = sliderStops(facts, defaultSettings.rag_chat_history_max_tokens) ?? [];
  expect(stops).toHaveLength(33);
  expect(stops.slice(4, 8)).toEqual([5000, 6000, 6144, 7000]);
  expect([stops[0], stops.at(-1)]).toEqual([1000, 32000]);
  expect(sliderStops(facts, 6000)).toBeNull();
  expect(sliderStops(SETTINGS_FIELDS.debate_length, 20)).toBeNull();
});
