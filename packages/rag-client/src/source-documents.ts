import type { CitedPassage } from "@oystar/api-client";

// Issue 23 §5: sources as a reader expects them — one entry per document (the sources an answer
// lists share their document's number), its passages under it; the documents the answer cites
// first, every one of them in view; the passages it does not cite folded. Whether a passage is
// cited is the server's word (`support`); from a server that does not say, a passage counts as cited
// when the answer's text cites its number.

export type SourceDocument = {
  noteNumber: number;
  /** The document's first passage: its title, file name and address stand for the document. */
  lead: CitedPassage;
  /** The passages the answer cites (all of them when it cites none of the document's). */
  cited: CitedPassage[];
  /** The passages consulted but not cited: folded under the document. */
  consulted: CitedPassage[];
};

export type SourceDocuments = {
  /** The documents the answer cites, by number. */
  cited: SourceDocument[];
  /** The documents consulted and not cited, by number: folded. */
  consulted: SourceDocument[];
};

/** The passages listed under a document: the cited ones, or the consulted ones when it was only consulted. */
export const listedPassages = (document: SourceDocument): CitedPassage[] =>
  document.cited.length > 0 ? document.cited : document.consulted;

/**
 * Issue 52 §6: the passages the viewer steps through from the document's number or any of its
 * passages — every passage of the document the answer read, the cited ones first, then those
 * folded under it as consulted; from any of them the others can be reached.
 */
export const viewedPassages = (document: SourceDocument): CitedPassage[] =>
  document.cited.length > 0 ? [...document.cited, ...document.consulted] : document.consulted;

/** Groups the listed passages by document; `citedNumbers` are the numbers the answer's text cites. */
export function sourceDocuments(sources: readonly CitedPassage[], citedNumbers: ReadonlySet<number>): SourceDocuments {
  const serverSays = sources.some((source) => source.support !== null);
  const isCited = (source: CitedPassage) => (serverSays ? source.support?.cited === true : citedNumbers.has(source.noteNumber));
  const byNumber = new Map<number, CitedPassage[]>();
  for (const source of sources) byNumber.set(source.noteNumber, [...(byNumber.get(source.noteNumber) ?? []), source]);
  const documents = [...byNumber.entries()]
    .sort(([left], [right]) => left - right)
    // Each number was set with its first passage: every one has a lead.
    .flatMap(([noteNumber, passages]) => {
      const [lead] = passages;
      return lead ? [{ noteNumber, lead, cited: passages.filter(isCited), consulted: passages.filter((source) => !isCited(source)) }] : [];
    });
  const anyCited = documents.some((document) => document.cited.length > 0);
  // An answer that cites nothing (a model that forgot): every document it was written from, in view.
  if (!anyCited) return { cited: documents.map((document) => ({ ...document, cited: document.consulted, consulted: [] })), consulted: [] };
  return {
    cited: documents.filter((document) => document.cited.length > 0),
    consulted: documents.filter((document) => document.cited.length === 0),
  };
}

/**
 * Issue 52 §3: the answer's own figure, shown once apart from its passages' — the mean
 * 'attendibilità' of the passages it cites; null when none was checked.
 */
export function answerReliability(sources: readonly CitedPassage[]): number | null {
  const checked = sources.flatMap((source) =>
    source.support?.cited === true && typeof source.support.confidence === "number" ? [source.support.confidence] : [],
  );
  return checked.length === 0 ? null : checked.reduce((sum, value) => sum + value, 0) / checked.length;
}
