import { expect, test } from "vitest";
import { contactFormSchema, enterpriseFormSchema, indexRequestSchema } from "./forms";

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

test("contact: name and a valid email are required", () => {
  expect(contactFormSchema.safeParse({ name: "Anna", email: "anna@esempio.it" }).success).toBe(true);
  expect(messages(contactFormSchema.safeParse({ name: " ", email: "non-email" }))).toEqual([
    "Il nome è obbligatorio",
    "Inserisci un indirizzo email valido",
  ]);
});

test("enterprise: the company is required too", () => {
  expect(messages(enterpriseFormSchema.safeParse({ name: "Anna", email: "anna@esempio.it" }))).toEqual(["L'azienda è obbligatorio"]);
});

const base = { name: "Anna", email: "anna@esempio.it", indexName: "contratti" };

test("indexing: PDF links for pdf, websites for url, at least one kind for both", () => {
  expect(indexRequestSchema.safeParse({ ...base, sourceType: "pdf", pdfUrls: "https://esempio.it/a.pdf" }).success).toBe(true);
  expect(messages(indexRequestSchema.safeParse({ ...base, sourceType: "pdf" }))).toEqual(["Inserisci almeno un link a un PDF"]);
  expect(messages(indexRequestSchema.safeParse({ ...base, sourceType: "url" }))).toEqual(["Inserisci almeno un sito web"]);
  expect(indexRequestSchema.safeParse({ ...base, sourceType: "both", websiteUrls: "https://esempio.it" }).success).toBe(true);
  expect(messages(indexRequestSchema.safeParse({ ...base, sourceType: "both" }))).toHaveLength(2);
});

test("indexing: one URL per line, http(s) only", () => {
  const ok = indexRequestSchema.safeParse({ ...base, sourceType: "url", websiteUrls: "https://a.it\n\n  http://b.it  \n" });
  expect(ok.success).toBe(true);
  const bad = indexRequestSchema.safeParse({ ...base, sourceType: "url", websiteUrls: "https://a.it\njavascript:alert(1)" });
  expect(messages(bad)).toEqual(["Indirizzo non valido (solo http o https): javascript:alert(1)"]);
});

test("the hidden field catches bots; unknown fields are refused", () => {
  expect(contactFormSchema.safeParse({ name: "Bot", email: "b@b.it", website: "http://spam" }).success).toBe(false);
  expect(contactFormSchema.safeParse({ name: "A", email: "a@b.it", admin: true }).success).toBe(false);
});
