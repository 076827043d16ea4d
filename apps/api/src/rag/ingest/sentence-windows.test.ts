import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { chunkDocument, SENTENCE_WINDOW, sentencesOf } from "./text-chunking";

// Issue 54 §1: ICU reads a block in windows (a 1 MB paragraph took two minutes at once). The
// chunks must be those of the splitter as it was: checked against its code, kept here as it was
// (Intl.Segmenter over the whole block, the abbreviations by a regular expression), on real
// Italian prose (the Debian evaluation corpus) put in blocks far longer than a window.

const segmenter = new Intl.Segmenter("it", { granularity: "sentence" });
const ABBREVIATIONS_BEFORE =
  /(?:^|\s)(?:card|dott|dr|sig|sigg|prof|ing|avv|arch|mons|s|ss|st|p|pp|pag|es|ecc|sec|secc|n|nn|cap|fig|vol|ca|cfr|vd|tav)\.\s*$/i;

/** The sentences of a flattened block as the splitter found them before issue 54. */
function sentencesBefore(flat: string): string[] {
  const sentences: string[] = [];
  let pendingStart: number | null = null;
  let pendingEnd = 0;
  const push = (start: number, end: number) => {
    const text = flat.slice(start, end).trim();
    if (text) sentences.push(text);
  };
  for (const { segment, index } of segmenter.segment(flat)) {
    pendingStart ??= index;
    pendingEnd = index + segment.length;
    if (ABBREVIATIONS_BEFORE.test(flat.slice(pendingStart, pendingEnd))) continue;
    push(pendingStart, pendingEnd);
    pendingStart = null;
  }
  if (pendingStart !== null) push(pendingStart, pendingEnd);
  return sentences;
}

const paragraphs = readFileSync(new URL("../../../rag-eval/debian-it/paragraphs.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim())
  .map((line) => (JSON.parse(line) as { text: string }).text.replace(/\s+/g, " ").trim());

/** Corpus paragraphs run together into one block of about `length` characters, from paragraph `first`. */
function block(first: number, length: number): string {
  let text = "";
  for (let at = first; text.length < length; at += 1) text += `${text ? " " : ""}${paragraphs[at % paragraphs.length]}`;
  return text;
}

test("blocks several windows long split into the same sentences as the whole-block splitter did", () => {
  for (const first of [0, 700]) {
    const text = block(first, 6 * SENTENCE_WINDOW);
    const before = sentencesBefore(text);
    expect(before.length).toBeGreaterThan(300);
    expect(sentencesOf(text)).toEqual(before);
    // Small windows put a window's end at hundreds of places, inside sentences and abbreviations.
    expect(sentencesOf(text, 1_500)).toEqual(before);
  }
});

test("the abbreviations hold a sentence open as before, wherever a window ends", () => {
  const text = Array.from(
    { length: 400 },
    (_, n) =>
      `Vedi p. ${n} e pp. 12-14 del vol. II, ecc. Il sig. Rossi e l'avv. Bianchi, cfr. Cap. ${n}, firma (cfr. sotto). Fine n. ${n}.`,
  ).join(" ");
  const before = sentencesBefore(text);
  // «l'avv.» is no abbreviation to either (the word does not stand on its own); ICU itself goes on after «(cfr. sotto».
  expect(before.slice(0, 3)).toEqual([
    "Vedi p. 0 e pp. 12-14 del vol. II, ecc. Il sig. Rossi e l'avv.",
    "Bianchi, cfr. Cap. 0, firma (cfr. sotto).",
    "Fine n. 0.",
  ]);
  expect(sentencesOf(text)).toEqual(before);
  expect(sentencesOf(text, 700)).toEqual(before);
});

test("a document's chunks are those of the whole-block splitter: paragraphs, an e-mail's long lines, a sentence longer than a window", () => {
  const document = [
    ...paragraphs.slice(0, 60),
    // An e-mail body of single line breaks is one block (1 MB of them took minutes before).
    Array.from({ length: 40 }, (_, n) => paragraphs[100 + n]).join("\n"),
    block(300, 3 * SENTENCE_WINDOW),
    // No full stop for longer than a window: cut between words in the window, joined again.
    Array.from({ length: 6_000 }, (_, n) => `parola${n}`).join(" "),
  ].join("\n\n");
  const whole = chunkDocument(document, Number.POSITIVE_INFINITY);
  expect(whole.chunks.length).toBeGreaterThan(200);
  expect(chunkDocument(document)).toEqual(whole);
  expect(chunkDocument(document, 2_000)).toEqual(whole);
});
