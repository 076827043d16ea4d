import { pagesOf } from "@oystar/pdf-tools";
// Documents become chunks (DESIGN.md §8): whole sentences, about CHUNK_TARGET characters each,
// the last sentence or two of a chunk repeated at the start of the next (so a fact split across
// the boundary is still found whole), and the page of every chunk kept for PDFs.
//
// The source viewer (issue 25) shows a chunk in its document: chunking also writes the document's
// reading text — each paragraph on one line, paragraphs apart by a blank line, page markers left
// out — and every chunk is exactly the slice [start, end) of it.

export const CHUNK_TARGET = 800;
export const CHUNK_MAX = 1200;
export const OVERLAP_MAX = 200;

/** `start` and `end`: the chunk's place in its document's reading text (UTF-16 offsets). */
export type Chunk = { ordinal: number; text: string; page: number | null; start: number; end: number };

export type ChunkedDocument = {
  /** The text as the viewer shows it: paragraphs one to a line, a blank line between them. */
  text: string;
  chunks: Chunk[];
};

// ICU splits after these though the sentence goes on («il card. Ippolito», «a p. 12»).
const ABBREVIATIONS =
  /(?:^|\s)(?:card|dott|dr|sig|sigg|prof|ing|avv|arch|mons|s|ss|st|p|pp|pag|es|ecc|sec|secc|n|nn|cap|fig|vol|ca|cfr|vd|tav)\.\s*$/i;

/** What separates two paragraphs in the reading text. */
export const PARAGRAPH_BREAK = "\n\n";

const segmenter = new Intl.Segmenter("it", { granularity: "sentence" });

/** The blocks of a text: paragraphs, headings, list items. */
const blocksOf = (text: string) => text.split(/\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)|\n(?=#)/);

/** A block on one line: its whitespace runs made one space. */
const flatten = (block: string) => block.replace(/\s+/g, " ").trim();

/** A sentence's place in its (flattened) block. */
type Span = { start: number; end: number };

/** The sentences of a text; a block (heading, list item, paragraph) ends one too. */
export function sentencesOf(text: string): string[] {
  return blocksOf(text).flatMap((block) => {
    const flat = flatten(block);
    return sentenceSpans(flat).map((span) => flat.slice(span.start, span.end));
  });
}

/** Where the sentences of a flattened block are, trimmed. */
function sentenceSpans(flat: string): Span[] {
  const spans: Span[] = [];
  // Segments after an abbreviation are held until the sentence really ends.
  let pendingStart: number | null = null;
  let pendingEnd = 0;
  const push = (start: number, end: number) => {
    const text = flat.slice(start, end);
    const lead = text.length - text.trimStart().length;
    const trail = text.length - text.trimEnd().length;
    if (end - trail > start + lead) spans.push({ start: start + lead, end: end - trail });
  };
  for (const { segment, index } of segmenter.segment(flat)) {
    pendingStart ??= index;
    pendingEnd = index + segment.length;
    if (ABBREVIATIONS.test(flat.slice(pendingStart, pendingEnd))) continue;
    push(pendingStart, pendingEnd);
    pendingStart = null;
  }
  if (pendingStart !== null) push(pendingStart, pendingEnd);
  return spans;
}

/** A sentence placed in the reading text; it remembers whether it opens a block. */
type Sentence = { start: number; end: number; opensBlock: boolean };

const lengthOf = (sentence: Sentence) => sentence.end - sentence.start;

/** A sentence longer than a chunk is cut between words (a word longer than a chunk, anywhere). */
function pieces(text: string, span: Span): Span[] {
  if (span.end - span.start <= CHUNK_MAX) return [span];
  const parts: Span[] = [];
  let start = span.start;
  while (span.end - start > CHUNK_TARGET) {
    const space = text.lastIndexOf(" ", start + CHUNK_TARGET);
    const cut = space > start ? space : start + CHUNK_TARGET;
    parts.push({ start, end: cut });
    start = text[cut] === " " ? cut + 1 : cut;
  }
  if (span.end > start) parts.push({ start, end: span.end });
  return parts;
}

/** The sentences that end the chunk, up to OVERLAP_MAX characters, to open the next one. */
function overlapOf(sentences: Sentence[]): Sentence[] {
  const kept: Sentence[] = [];
  let length = 0;
  for (let index = sentences.length - 1; index > 0; index -= 1) {
    const sentence = sentences[index]!;
    if (length + lengthOf(sentence) > OVERLAP_MAX) break;
    kept.unshift(sentence);
    length += lengthOf(sentence) + 1;
  }
  return kept;
}

/**
 * The reading text of a document and its chunks: whole sentences with overlap, a chunk never
 * spanning two pages, each chunk the slice of the reading text between its offsets.
 */
export function chunkDocument(text: string): ChunkedDocument {
  let reading = "";
  const chunks: Chunk[] = [];
  for (const { page, text: pageText } of pagesOf(text)) {
    const sentences: Sentence[] = [];
    for (const block of blocksOf(pageText)) {
      const flat = flatten(block);
      if (!flat) continue;
      if (reading) reading += PARAGRAPH_BREAK;
      const offset = reading.length;
      reading += flat;
      sentenceSpans(flat)
        .flatMap((span) => pieces(flat, span))
        .forEach((span, index) => sentences.push({ start: offset + span.start, end: offset + span.end, opensBlock: index === 0 }));
    }
    let current: Sentence[] = [];
    let length = 0;
    let fresh = 0; // sentences in `current` that no earlier chunk holds
    const flush = () => {
      if (fresh === 0) return;
      const start = current[0]!.start;
      const end = current.at(-1)!.end;
      chunks.push({ ordinal: chunks.length, text: reading.slice(start, end), page, start, end });
      current = overlapOf(current);
      length = current.reduce((sum, sentence) => sum + lengthOf(sentence) + 1, 0);
      fresh = 0;
    };
    for (const sentence of sentences) {
      if (fresh > 0 && length + lengthOf(sentence) > CHUNK_TARGET) flush();
      current.push(sentence);
      length += lengthOf(sentence) + 1;
      fresh += 1;
    }
    flush();
  }
  return { text: reading, chunks };
}

/** The chunks of a text (see chunkDocument). */
export const chunkText = (text: string): Chunk[] => chunkDocument(text).chunks;

/**
 * Offsets counted in code points, as PostgreSQL's substring counts characters: the server cuts a
 * passage's surroundings out of the stored text without reading all of it.
 */
export function codePointOffsets(text: string, offsets: readonly number[]): number[] {
  const order = offsets.map((offset, position) => ({ offset, position })).sort((left, right) => left.offset - right.offset);
  const result = new Array<number>(offsets.length);
  let unit = 0;
  let surrogates = 0;
  for (const { offset, position } of order) {
    for (; unit < offset && unit < text.length; unit += 1) {
      const code = text.charCodeAt(unit);
      // A low surrogate is the second half of a character already counted.
      if (code >= 0xdc00 && code <= 0xdfff && unit > 0 && text.charCodeAt(unit - 1) >= 0xd800 && text.charCodeAt(unit - 1) <= 0xdbff)
        surrogates += 1;
    }
    result[position] = offset - surrogates;
  }
  return result;
}
