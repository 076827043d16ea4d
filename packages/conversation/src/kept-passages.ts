import { citedPassageSchema, type CitedPassage } from "@oystar/api-client";

// Issue 38 §1: the cited passages of a conversation kept on this device (history/), read back.
// Kept before the one contract, they are in one of two older shapes, and still open:
//   a RAG answer's source   { noteNumber, chunkId?, filename?, title?, url?, page?, place?, excerpt?, cited?, confidence? }
//   a debate turn's passage { n, chunkId, title, filename, page, excerpt }
// A passage with no id (never sent by this server since the source viewer, issue 25) cannot be
// opened nor named: it is left out, as a record that is no passage at all.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const textOrNull = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const whole = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) ? value : null);

/** An older record as a cited passage, or null when it is none. */
function olderPassage(value: Record<string, unknown>): CitedPassage | null {
  const noteNumber = whole(value.noteNumber ?? value.n);
  const chunkId = typeof value.chunkId === "number" ? String(value.chunkId) : text(value.chunkId);
  if (noteNumber === null || noteNumber < 1 || !chunkId) return null;
  const filename = text(value.filename);
  const checked = typeof value.cited === "boolean";
  return {
    noteNumber,
    chunkId,
    // What grouped a document's passages then: its file.
    document: filename,
    title: text(value.title),
    filename,
    url: textOrNull(value.url),
    page: whole(value.page),
    place: textOrNull(value.place),
    excerpt: text(value.excerpt),
    support: checked ? { cited: value.cited === true, confidence: typeof value.confidence === "number" ? value.confidence : null } : null,
  };
}

/** The passages kept under an answer or a turn, in the contract's shape, whatever shape they were kept in. */
export function keptPassages(value: unknown): CitedPassage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((kept: unknown) => {
    const current = citedPassageSchema.safeParse(kept);
    if (current.success) return [current.data];
    const older = isObject(kept) ? olderPassage(kept) : null;
    return older ? [older] : [];
  });
}
