import type { RagPassage } from "@oystar/api-client";

// Issue 25: a passage in its surroundings as paragraphs of plain text, the passage's own words
// marked. Text only: the viewer renders these pieces as text nodes, never as markup, whatever a
// (hostile) document holds.

export type PassagePiece = { text: string; cited: boolean };
export type PassageParagraph = {
  pieces: PassagePiece[];
  /** The paragraph where the cited passage begins: the viewer scrolls it into view. */
  opensPassage: boolean;
  /** The paragraph where it ends. */
  closesPassage: boolean;
};

/** The server's paragraph break (apps/api text-chunking: paragraphs one to a line). */
const PARAGRAPH_BREAK = "\n\n";

/**
 * Issue 52 §7: a Markdown list item's marker ('- ', '* ', '+ ') at a paragraph's start reads as the
 * bullet it stands for. Same length, so the passage's offsets still mark its words.
 */
const asBullets = (text: string) => text.replace(/(^|\n\n)[-*+] (?=\S)/g, "$1\u2022 ");

export function passageParagraphs({ before, text, after }: Pick<RagPassage, "before" | "text" | "after">): PassageParagraph[] {
  const whole = asBullets(`${before}${text}${after}`);
  const start = before.length;
  const end = start + text.length;
  const paragraphs: PassageParagraph[] = [];
  let offset = 0;
  for (const paragraph of whole.split(PARAGRAPH_BREAK)) {
    const from = offset;
    const to = offset + paragraph.length;
    offset = to + PARAGRAPH_BREAK.length;
    if (!paragraph) continue;
    const markFrom = Math.min(Math.max(start, from), to);
    const markTo = Math.max(Math.min(end, to), markFrom);
    const pieces = [
      { text: whole.slice(from, markFrom), cited: false },
      { text: whole.slice(markFrom, markTo), cited: true },
      { text: whole.slice(markTo, to), cited: false },
    ].filter((piece) => piece.text.length > 0);
    paragraphs.push({ pieces, opensPassage: false, closesPassage: false });
  }
  const cited = paragraphs.filter((paragraph) => paragraph.pieces.some((piece) => piece.cited));
  if (cited[0]) cited[0].opensPassage = true;
  const last = cited.at(-1);
  if (last) last.closesPassage = true;
  return paragraphs;
}
