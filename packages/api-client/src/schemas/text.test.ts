import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { contactFormSchema, debateFeedbackSchema, enterpriseFormSchema, indexRequestSchema } from "./forms";
import { defaultSettings, settingsUpdateSchema } from "./settings";
import { INVALID_CHARACTERS, isStorableText } from "./text";

test("NUL and lone surrogates are not storable; whole pairs, accents and emoji are", () => {
  expect(isStorableText("Perché no? 🦪 «virgolette»")).toBe(true);
  expect(isStorableText("a\u0000b")).toBe(false);
  expect(isStorableText("a\ud800b")).toBe(false);
  expect(isStorableText("a\udc00b")).toBe(false);
  expect(isStorableText("fine\ud83e")).toBe(false);
});

type StoredSchema = {
  what: string;
  schema: z.ZodObject;
  /** A valid example with every field of the schema. */
  example: Record<string, unknown>;
  /** Strings that are not free text: a choice among fixed values, a date, the honeypot kept empty. */
  notText: string[];
};

// Every text the server stores (forms, settings, debate feedback, indexing request): each must go
// through the shared storable string, so Postgres never sees what it cannot store.
const stored: StoredSchema[] = [
  {
    what: "contact form",
    schema: contactFormSchema,
    example: { name: "Anna Bianchi", email: "anna@esempio.it", company: "Ostriche Srl", message: "Vorrei sapere di più.", website: "" },
    notText: ["website"],
  },
  {
    what: "enterprise form",
    schema: enterpriseFormSchema,
    example: { name: "Anna Bianchi", email: "anna@esempio.it", company: "Ostriche Srl", message: "Siamo in 200.", website: "" },
    notText: ["website"],
  },
  {
    what: "indexing request",
    schema: indexRequestSchema,
    example: {
      name: "Anna Bianchi",
      email: "anna@esempio.it",
      company: "Ostriche Srl",
      indexName: "contratti",
      sourceType: "both",
      pdfUrls: "https://esempio.it/a.pdf",
      websiteUrls: "https://esempio.it",
      notes: "Solo le pagine in italiano.",
      website: "",
    },
    notText: ["sourceType", "website"],
  },
  {
    what: "debate feedback",
    schema: debateFeedbackSchema,
    example: {
      rating: 4,
      comment: "Molto utile",
      debate_topic: "Treno contro aereo",
      timestamp: "2026-11-23T10:00:00.000Z",
      pdf_requested: true,
      debate_id: "00000000-0000-4000-8000-000000000001",
      preferred_side: "B",
    },
    notText: ["timestamp", "debate_id", "preferred_side"],
  },
  {
    what: "settings",
    schema: settingsUpdateSchema,
    example: { ...defaultSettings, rag_index_names: ["gardenroute-demo"] },
    notText: ["pigna_ai_model", "debate_model_a", "debate_model_b", "debate_judge_model", "rag_provider"],
  },
];

const BAD = [
  ["a NUL character", "\u0000"],
  ["a lone surrogate", "\ud800"],
] as const;

/** The example's text fields, each with the path of its text (a list of texts: its first item). */
const textFields = ({ example, notText }: StoredSchema) =>
  Object.entries(example).flatMap(([field, value]): Array<{ field: string; path: Array<string | number>; text: string }> => {
    if (notText.includes(field)) return [];
    if (typeof value === "string") return [{ field, path: [field], text: value }];
    if (Array.isArray(value) && typeof value[0] === "string") return [{ field, path: [field, 0], text: value[0] }];
    return [];
  });

describe.each(stored)("$what", (entry) => {
  test("the example is valid and names every field", () => {
    expect(entry.schema.safeParse(entry.example).success).toBe(true);
    expect(Object.keys(entry.example).sort()).toEqual(Object.keys(entry.schema.shape).sort());
    expect(textFields(entry).length).toBeGreaterThan(0);
  });

  test.each(BAD)("every text field refuses %s with the shared message", (_what, bad) => {
    for (const { field, path, text } of textFields(entry)) {
      const spoiled = `${text.slice(0, 1)}${bad}${text.slice(1)}`;
      const value = path.length === 2 ? [spoiled] : spoiled;
      const result = entry.schema.safeParse({ ...entry.example, [field]: value });
      expect(result.success, field).toBe(false);
      expect(
        result.error?.issues.map(({ path: at, message }) => ({ path: at, message })),
        field,
      ).toContainEqual({ path, message: INVALID_CHARACTERS });
    }
  });
});
