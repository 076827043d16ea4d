import type { CitedPassage, PassageSupport } from "@oystar/api-client";
import type { Passage } from "../retrieve/retrieval";
import { referenceLabel } from "../references/reference-labels";
import { required } from "../../required";

// Issue 38 §1: the one road from a retrieved passage to the passage a text cites, as the browser
// gets it — a RAG answer's sources and a debate turn's passages alike (api-client's
// citedPassageSchema). Only the number it is cited by, where it stands and the verdict differ
// between the two, and they are the caller's to give.

/** A passage's opening as a reader recognises it under its document (about 160 characters, whole words). */
export function excerptOf(text: string, length = 160): string {
  const flat = text
    .replace(/^\s*(?:#+|[-*•])\s*/gm, "")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), length / 2)).replace(/[\s,;:.]+$/, "")}…`;
}

/** The key the passages of one document share: its index and its file (a file name can repeat across indexes). */
export const documentKeyOf = (passage: Pick<Passage, "indexName" | "filename">) => `${passage.indexName}/${passage.filename}`;

export type Citing = {
  /** The number the text cites it by: its document's in a RAG answer, its own in a debate turn. */
  noteNumber: number;
  /** Issue 34: a presentation's slide or a workbook's sheet (passage-store.ts `placesOf`). */
  place?: string | undefined;
  /** The server's check, once the text is written. */
  support?: PassageSupport | null;
};

export function citedPassageOf(passage: Passage, { noteNumber, place, support = null }: Citing): CitedPassage {
  return {
    noteNumber,
    chunkId: passage.chunkId,
    document: documentKeyOf(passage),
    title: passage.title,
    filename: passage.filename,
    // Only an address the index's owner gave; an empty one is none.
    url: passage.url || null,
    page: passage.page,
    place: place ?? null,
    excerpt: excerptOf(passage.text),
    ...(passage.reference ? { reference: passageLabel(passage.reference) } : {}),
    support,
  };
}

/**
 * Issue 49 §4: «Art. 21, comma 2 — Costituzione». The comma is named when the passage holds the one
 * asked, or holds only one.
 */
export function passageLabel(reference: NonNullable<Passage["reference"]>): string {
  const comma = reference.comma ?? (reference.commas.length === 1 ? reference.commas[0] : null);
  return required(referenceLabel({ act: reference.act, article: reference.article, comma }), "the passage's reference label");
}
