import { pagesOf } from "@oystar/pdf-tools";
import { articleOfHeading, commaOfLine, HEADING_AHEAD } from "../references/legal-reference";
import { required } from "../../required";
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

/**
 * `start` and `end`: the chunk's place in its document's reading text (UTF-16 offsets). In an
 * article-structured document (issue 49 §2), `article` is the article the chunk belongs to and
 * `commas` the commas it holds, where the text numbers them.
 */
export type Chunk = { ordinal: number; text: string; page: number | null; start: number; end: number; article?: string; commas?: string[] };

export type ChunkedDocument = {
  /** The text as the viewer shows it: paragraphs one to a line, a blank line between them. */
  text: string;
  chunks: Chunk[];
};

// ICU splits after these though the sentence goes on («il card. Ippolito», «a p. 12», «dell'art. 5», issue 49).
const ABBREVIATIONS = new Set(
  "card dott dr sig sigg prof ing avv arch mons s ss st p pp pag es ecc sec secc n nn cap fig vol ca cfr vd tav art artt lett".split(" "),
);

/**
 * ICU's sentence boundaries are found in windows of this many characters (issue 54 §1): V8's
 * Intl.Segmenter grows faster than its text (a 1 MB paragraph took two minutes), while a window
 * this size is read in a few milliseconds.
 */
export const SENTENCE_WINDOW = 16_384;
/**
 * A window's boundaries this close to its end are left to the next window: ICU decides a boundary
 * by what follows it (after «ecc. » a run of figures and then a lower-case word is no boundary),
 * which the window's end would cut off.
 */
const WINDOW_MARGIN = 1_024;

/** What separates two paragraphs in the reading text. */
export const PARAGRAPH_BREAK = "\n\n";

const segmenter = new Intl.Segmenter("it", { granularity: "sentence" });

/** The blocks of a text: paragraphs, headings, list items. */
const blocksOf = (text: string) => text.split(BLOCK_BREAK);
/** A blank line, a list item, a heading; an article's heading or numbered comma (issue 49 §2) even on the next line. */
const BLOCK_BREAK = new RegExp(`\\n\\s*\\n|\\n(?=\\s*(?:[-*•]|\\d+[.)])\\s)|\\n(?=#)|\\n(?=${HEADING_AHEAD})`, "iu");

/** A block on one line: its whitespace runs made one space. */
const flatten = (block: string) => block.replace(/\s+/g, " ").trim();

/** A sentence's place in its (flattened) block. */
type Span = { start: number; end: number };

/** The sentences of a text; a block (heading, list item, paragraph) ends one too. */
export function sentencesOf(text: string, window = SENTENCE_WINDOW): string[] {
  return blocksOf(text).flatMap((block) => {
    const flat = flatten(block);
    return sentenceSpans(flat, window).map((span) => flat.slice(span.start, span.end));
  });
}

/**
 * Where the sentences of a flattened block are, trimmed. `window`: ICU reads the block this many
 * characters at a time (Infinity: all at once, as it did before issue 54 — the same sentences).
 */
export function sentenceSpans(flat: string, window = SENTENCE_WINDOW): Span[] {
  const spans: Span[] = [];
  // Segments after an abbreviation are held until the sentence really ends.
  let pendingStart: number | null = null;
  const push = (start: number, end: number) => {
    const text = flat.slice(start, end);
    const lead = text.length - text.trimStart().length;
    const trail = text.length - text.trimEnd().length;
    if (end - trail > start + lead) spans.push({ start: start + lead, end: end - trail });
  };
  let pendingEnd = 0;
  for (const segment of segmentsOf(flat, window)) {
    pendingStart ??= segment.start;
    pendingEnd = segment.end;
    if (segment.goesOn || endsWithAbbreviation(flat, pendingStart, pendingEnd)) continue;
    push(pendingStart, pendingEnd);
    pendingStart = null;
  }
  if (pendingStart !== null) push(pendingStart, pendingEnd);
  return spans;
}

/** ICU's sentence segments of a block, window by window; `goesOn`: cut at a space only because no sentence ended in a whole window. */
function* segmentsOf(flat: string, window: number): Generator<Span & { goesOn: boolean }> {
  let from = 0;
  while (from < flat.length) {
    const last = from + window >= flat.length;
    const part = last ? flat.slice(from) : flat.slice(from, from + window);
    // Boundaries past `kept` are decided again by the next window, which starts at the last one kept.
    const kept = last ? part.length : window - Math.min(WINDOW_MARGIN, Math.floor(window / 4));
    let reached = 0;
    for (const { segment, index } of segmenter.segment(part)) {
      const end = index + segment.length;
      if (end > kept) break;
      yield { start: from + index, end: from + end, goesOn: false };
      reached = end;
    }
    if (reached === 0) {
      // A sentence longer than the window: its part so far, cut between words, goes on in the next.
      const space = part.lastIndexOf(" ", kept);
      reached = space > 0 ? space : kept;
      yield { start: from, end: from + reached, goesOn: true };
    }
    from += reached;
  }
}

/** Whether flat[start, end) ends with one of the ABBREVIATIONS and its full stop (then spaces), the word standing on its own. */
function endsWithAbbreviation(flat: string, start: number, end: number): boolean {
  let at = end;
  while (at > start && /\s/.test(flat.charAt(at - 1))) at -= 1;
  if (at <= start || flat[at - 1] !== ".") return false;
  const stop = at - 1;
  let wordStart = stop;
  while (wordStart > start && /[a-z]/i.test(flat.charAt(wordStart - 1))) wordStart -= 1;
  if (wordStart === stop || (wordStart > start && !/\s/.test(flat.charAt(wordStart - 1)))) return false;
  return ABBREVIATIONS.has(flat.slice(wordStart, stop).toLowerCase());
}

/** A sentence placed in the reading text; it remembers whether it opens a block, and the article and comma it stands in. */
type Sentence = { start: number; end: number; opensBlock: boolean; article: string | null; comma: string | null; opensArticle: boolean };

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
  // From the last back, the first sentence never: it is what the chunk opened on.
  for (const sentence of sentences.slice(1).reverse()) {
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
export function chunkDocument(text: string, sentenceWindow = SENTENCE_WINDOW): ChunkedDocument {
  let reading = "";
  const chunks: Chunk[] = [];
  // Issue 49 §2: an article's heading opens a chunk of its own, with no overlap from the article
  // before: a short article is one passage, never shared with another.
  let article: string | null = null;
  let comma: string | null = null;
  for (const { page, text: pageText } of pagesOf(text)) {
    const sentences: Sentence[] = [];
    for (const block of blocksOf(pageText)) {
      const flat = flatten(block);
      if (!flat) continue;
      if (reading) reading += PARAGRAPH_BREAK;
      const offset = reading.length;
      reading += flat;
      const firstLine = block.trimStart().split("\n", 1)[0] ?? "";
      const heading = articleOfHeading(firstLine);
      if (heading) [article, comma] = [heading, null];
      const marked = article ? commaOfLine(heading ? (block.trimStart().split("\n")[1] ?? "") : firstLine) : null;
      if (marked) comma = marked;
      sentenceSpans(flat, sentenceWindow)
        .flatMap((span) => pieces(flat, span))
        .forEach((span, index) =>
          sentences.push({
            start: offset + span.start,
            end: offset + span.end,
            opensBlock: index === 0,
            article,
            comma,
            opensArticle: index === 0 && heading !== null,
          }),
        );
    }
    let current: Sentence[] = [];
    let length = 0;
    let fresh = 0; // sentences in `current` that no earlier chunk holds
    const flush = (overlap = true) => {
      if (fresh === 0) {
        if (!overlap) [current, length] = [[], 0];
        return;
      }
      // A fresh sentence is in `current`: it has a first and a last.
      const start = required(current[0], "the chunk's first sentence").start;
      const { end, article: held } = required(current.at(-1), "the chunk's last sentence");
      const commas = [
        ...new Set(current.filter((sentence) => sentence.article === held).flatMap((sentence) => (sentence.comma ? [sentence.comma] : []))),
      ];
      chunks.push({
        ordinal: chunks.length,
        text: reading.slice(start, end),
        page,
        start,
        end,
        ...(held ? { article: held } : {}),
        ...(commas.length > 0 ? { commas } : {}),
      });
      current = overlap ? overlapOf(current) : [];
      length = current.reduce((sum, sentence) => sum + lengthOf(sentence) + 1, 0);
      fresh = 0;
    };
    for (const sentence of sentences) {
      if (sentence.opensArticle) flush(false);
      else if (fresh > 0 && length + lengthOf(sentence) > CHUNK_TARGET) flush();
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
