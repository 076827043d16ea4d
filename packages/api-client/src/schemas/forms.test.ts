import { expect, test } from "vitest";
import { contactFormSchema, debateFeedbackSchema, enterpriseFormSchema, indexRequestSchema } from "./forms";

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

const feedback = { rating: 4, comment: "Utile", debate_topic: "Mare contro montagna", timestamp: "2026-03-04T10:00:00.000Z", pdf_requested: true };

test("debate feedback: a rating of 1 to 5, a comment of up to 500 characters, the topic, a timestamp, the PDF flag", () => {
  expect(debateFeedbackSchema.parse(feedback)).toEqual(feedback);
  expect(debateFeedbackSchema.parse({ ...feedback, comment: undefined }).comment).toBe("");
  expect(debateFeedbackSchema.safeParse({ ...feedback, comment: "x".repeat(500) }).success).toBe(true);
  expect(messages(debateFeedbackSchema.safeParse({ ...feedback, comment: "x".repeat(501) }))).toEqual(["Il commento può avere al massimo 500 caratteri"]);
  for (const rating of [0, 6, 2.5]) expect(messages(debateFeedbackSchema.safeParse({ ...feedback, rating }))).toEqual(["Scegli una valutazione da 1 a 5 stelle"]);
  expect(messages(debateFeedbackSchema.safeParse({ ...feedback, debate_topic: " " }))).toEqual(["Il tema del dibattito è obbligatorio"]);
  expect(debateFeedbackSchema.safeParse({ ...feedback, timestamp: "ieri" }).success).toBe(false);
  expect(debateFeedbackSchema.safeParse({ ...feedback, debate_text: "tutto il dibattito" }).success).toBe(false);
});
