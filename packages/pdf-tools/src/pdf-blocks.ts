// The pieces an exported PDF is made of, in reading order (answer-pdf.ts lays them out).

/** A stretch of text in one style: issue 50 §6, an answer's bold, italics and code as they read. */
export type PdfRun = { text: string; bold?: boolean; italic?: boolean; code?: boolean };

export type PdfBlock =
  | { kind: "heading"; text: string }
  /** A small line in italics over what follows (a speaker, a phase). */
  | { kind: "caption"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: readonly string[] }
  /**
   * Issue 50 §6: text with its styles; `indent` in mm, `bullet` written before its first line
   * (a list's '•' or '3.'), `quote` with a bar at its left.
   */
  | { kind: "rich"; runs: readonly PdfRun[]; indent?: number; bullet?: string; quote?: boolean }
  /** Code, in a fixed-width font, its lines kept. */
  | { kind: "code"; text: string }
  /** A table; the first row is its header. */
  | { kind: "table"; rows: readonly (readonly string[])[] }
  /** A horizontal line (Markdown's `---`). */
  | { kind: "rule" }
  /**
   * Issue 50 §6: Markdown (an answer, a debate turn), drawn as it reads: `documentPdf` turns it
   * into the blocks above, with the parser loaded only then.
   */
  | { kind: "markdown"; text: string };

/** The block with each text passed through `rewrite` (the simplified fallback of spec 001 §8). */
export function rewriteBlock(block: PdfBlock, rewrite: (text: string) => string): PdfBlock {
  switch (block.kind) {
    case "list":
      return { ...block, items: block.items.map(rewrite) };
    case "rich":
      return {
        ...block,
        runs: block.runs.map((run) => ({ ...run, text: rewrite(run.text) })),
        bullet: block.bullet && rewrite(block.bullet),
      };
    case "table":
      return { ...block, rows: block.rows.map((row) => row.map(rewrite)) };
    case "rule":
      return block;
    default:
      return { ...block, text: rewrite(block.text) };
  }
}
