import { pagesOf } from "@oystar/pdf-tools";
// Documents become chunks (DESIGN.md §8): whole sentences, about CHUNK_TARGET characters each,
// the last sentence or two of a chunk repeated at the start of the next (so a fact split across
// the boundary is still found whole), and the page of every chunk kept for PDFs.

/** A PDF's text marks each page so (the format of pdf-tools and of the OCR route). */

export const CHUNK_TARGET = 800;
export const CHUNK_MAX = 1200;
export const OVERLAP_MAX = 200;

export type Chunk = { ordinal: number; text: string; page: number | null };

// ICU splits after these though the sentence goes on («il card. Ippolito», «a p. 12»).
const ABBREVIATIONS = /(?:^|\s)(?:card|dott|dr|sig|sigg|prof|ing|avv|arch|mons|s|ss|st|p|pp|pag|es|ecc|sec|secc|n|nn|cap|fig|vol|ca|cfr|vd|tav)\.\s*$/i;

const segmenter = new Intl.Segmenter("it", { granularity: "sentence" });

/** The blocks of a text: paragraphs, headings, list items. */
const blocksOf = (text: string) => text.split(/\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)|\n(?=#)/);

/** The sentences of a text; a block (heading, list item, paragraph) ends one too. */
export function sentencesOf(text: string): string[] {
  return blocksOf(text).flatMap(sentencesOfBlock);
}

function sentencesOfBlock(block: string): string[] {
  const sentences: string[] = [];
  const flat = block.replace(/\s+/g, " ").trim();
  let pending = "";
  for (const { segment } of segmenter.segment(flat)) {
    pending += segment;
    if (ABBREVIATIONS.test(pending)) continue;
    if (pending.trim()) sentences.push(pending.trim());
    pending = "";
  }
  if (pending.trim()) sentences.push(pending.trim());
  return sentences;
}

type Sentence = { text: string; opensBlock: boolean };

/** Sentences that remember whether they open a block, so chunks keep the paragraph breaks. */
function sentencesWithBreaks(text: string): Sentence[] {
  return blocksOf(text).flatMap((block) => sentencesOfBlock(block).flatMap(pieces).map((sentence, index) => ({ text: sentence, opensBlock: index === 0 })));
}

const joined = (sentences: readonly Sentence[]) =>
  sentences.map((sentence, index) => (index === 0 ? sentence.text : `${sentence.opensBlock ? "\n\n" : " "}${sentence.text}`)).join("");

/** A sentence longer than a chunk is cut between words. */
function pieces(sentence: string): string[] {
  if (sentence.length <= CHUNK_MAX) return [sentence];
  const parts: string[] = [];
  let current = "";
  for (const word of sentence.split(" ")) {
    if (current && current.length + word.length + 1 > CHUNK_TARGET) {
      parts.push(current);
      current = "";
    }
    current = current ? `${current} ${word}` : word.slice(0, CHUNK_MAX);
  }
  if (current) parts.push(current);
  return parts;
}

/** The sentences that end the chunk, up to OVERLAP_MAX characters, to open the next one. */
function overlapOf(sentences: Sentence[]): Sentence[] {
  const kept: Sentence[] = [];
  let length = 0;
  for (let index = sentences.length - 1; index > 0; index -= 1) {
    const sentence = sentences[index]!;
    if (length + sentence.text.length > OVERLAP_MAX) break;
    kept.unshift(sentence);
    length += sentence.text.length + 1;
  }
  return kept;
}

/** Chunks of whole sentences with overlap; a chunk never spans two pages. */
export function chunkText(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  for (const { page, text: pageText } of pagesOf(text)) {
    const sentences = sentencesWithBreaks(pageText);
    let current: Sentence[] = [];
    let length = 0;
    let fresh = 0; // sentences in `current` that no earlier chunk holds
    const flush = () => {
      if (fresh === 0) return;
      chunks.push({ ordinal: chunks.length, text: joined(current), page });
      current = overlapOf(current);
      length = current.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
      fresh = 0;
    };
    for (const sentence of sentences) {
      if (fresh > 0 && length + sentence.text.length > CHUNK_TARGET) flush();
      current.push(sentence);
      length += sentence.text.length + 1;
      fresh += 1;
    }
    flush();
  }
  return chunks;
}
