import { expect, test } from "vitest";
import { answersQuestion, answerTypeCheck, EVIDENCE, questionWords } from "./answer-evidence";

// The parts of the evidence score that need no database (the whole is tested over HTTP in
// rag-offline.test.ts and rag-upstream.test.ts, and measured by `pnpm rag abstention`).

test("the question's topic words: function words dropped, elisions cut, names past the first word marked", () => {
  expect(questionWords("Qual è il prezzo del biglietto aereo Roma-Tokyo?")).toEqual([
    { word: "prezzo", name: false },
    { word: "biglietto", name: false },
    { word: "aereo", name: false },
    { word: "Roma", name: true },
    { word: "Tokyo", name: true },
  ]);
  expect(questionWords("Dov'è l'Isola Bella?").map((entry) => entry.word)).toEqual(["Isola", "Bella"]);
});

test("a count question wants a number by its noun, in digits or in words", () => {
  const check = answerTypeCheck("Quanti alberi di limone ci sono nella limonaia?")!;
  expect(check("vi trovano riparo centoquaranta alberi di limone")).toBe(true);
  expect(check("Ci sono 140 alberi in vaso.")).toBe(true);
  expect(check("Gli alberi del giardino sono trentotto.")).toBe(true);
  // A number elsewhere in the passage is not the count asked for.
  expect(check("Nel 1620 la villa ebbe un giardino con alberi di limone.")).toBe(false);
  expect(check("Le altre piante sono alberi da frutto.")).toBe(false);
});

test("a price question wants an amount in euro; other questions want nothing beyond their topic", () => {
  const check = answerTypeCheck("Quanto costa il biglietto di Boboli?")!;
  expect(check("Il biglietto intero costa 10 euro.")).toBe(true);
  expect(check("Prezzi e orari cambiano: verificateli sul sito ufficiale.")).toBe(false);
  expect(answerTypeCheck("Chi costruì Villa Aurora?")).toBeNull();
});

test("a passage covering the question as well as the median answering one (or better) answers it fully", () => {
  expect(answersQuestion(EVIDENCE.onTopic)).toBe(1);
  expect(answersQuestion(1)).toBe(1);
  expect(answersQuestion(EVIDENCE.onTopic / 2)).toBeCloseTo(0.5);
  expect(answersQuestion(0)).toBe(0);
});
