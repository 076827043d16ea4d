import { expect, test } from "vitest";
import type { Passage } from "../retrieve/retrieval";
import { answerRequest, NAME_THE_ARTICLE } from "./rag-prompt";

// Issue 49 §4: the model reads a passage of an act under its citation, and is asked to name the
// article it cites; a request without such passages reads as before.

const passage = (text: string, extras: Partial<Passage> = {}): Passage => ({
  chunkId: "1",
  text,
  page: null,
  filename: "file.txt",
  title: "Villa Aurora",
  url: null,
  indexName: "demo",
  score: 1,
  ...extras,
});
const request = (passages: Passage[]) =>
  answerRequest({ model: "m", systemPrompt: "Sei un assistente.", history: [], question: "Domanda?", passages });

test("an article's passage is labelled as lawyers cite it, and the model asked to name it", () => {
  const { messages } = request([
    passage("La stampa non può essere soggetta ad autorizzazioni o censure.", {
      title: "Costituzione art 21",
      reference: { act: "cost", article: "21", commas: ["2"], asked: true, comma: "2" },
    }),
    passage("Villa Aurora ha dodici fontane.", { page: 3 }),
  ]);
  expect(messages[0]!.content).toBe(`Sei un assistente.\n\n${NAME_THE_ARTICLE}`);
  expect(messages.at(-1)!.content).toContain(
    "[1] Art. 21, comma 2 — Costituzione (Costituzione art 21)\nLa stampa non può essere soggetta ad autorizzazioni o censure.\n\n[2] (Villa Aurora, p. 3)\nVilla Aurora ha dodici fontane.",
  );
});

test("without articles among the sources, no label and no request to name one", () => {
  const { messages } = request([passage("Villa Aurora ha dodici fontane.")]);
  expect(messages[0]!.content).toBe("Sei un assistente.");
  expect(messages.at(-1)!.content).toContain("[1] (Villa Aurora)\nVilla Aurora ha dodici fontane.");
});

test("the model reads the history's words, not the passages an answer cited", () => {
  const { messages } = answerRequest({
    model: "m",
    systemPrompt: "Sei un assistente.",
    history: [{ role: "assistant", content: "Risposta [1].", cited: ["12"] }],
    question: "E poi?",
    passages: [passage("Testo.")],
  });
  expect(messages[1]).toEqual({ role: "assistant", content: "Risposta [1]." });
});
