import { citationGroupNumbers, citationPattern, MAX_NOTE_NUMBER } from "@oystar/api-client";
import { required } from "../../required";

// Sources as a reader numbers them (issue 23 §5). The model (and the offline answer) cite the
// PASSAGES of the prompt, [1] … [k] in retrieval order; the reader is shown DOCUMENTS, numbered
// [1], [2], … in the order the answer first cites them, each document's passages under its one
// number. The answer's text is renumbered as it streams (a citation split across two pieces is
// held back until it closes), so the text, its copy, its share and the sources list agree; the
// citation check still reads the model's own numbers (each sentence against the passage it cited).
// Documents never cited come after the cited ones, in retrieval order.

export type NumberedPassage = { chunkId: string; documentKey: string };

/** The end of a piece that may be the start of a citation: "[", "[1", "[1, 2". */
const OPEN_TAIL = /\[[\d\s,;]*$/;
/** A citation longer than this is not one: give it back as text. */
const LONGEST_CITATION = 40;

export type CitationRenumbering = {
  /** The piece as shown: citations renumbered; an unfinished citation at its end is held for the next piece. */
  next(piece: string): string;
  /** What is still held back, at the end of the answer. */
  flush(): string;
  /** The passages (1-based, as the prompt numbered them) that the answer cited. */
  citedPassages(): Set<number>;
  /** Every passage's document number as shown: cited documents by first citation, then the others. */
  noteNumbers(): number[];
};

export function renumberCitations(passages: readonly NumberedPassage[]): CitationRenumbering {
  const documentNumber = new Map<string, number>();
  const cited = new Set<number>();
  let held = "";

  /** The passage (1-based) a citation number names: a note number, or a chunk id above 100 (spec 001 §5). */
  const passageOf = (number: number) =>
    number > MAX_NOTE_NUMBER
      ? passages.findIndex((passage) => passage.chunkId === String(number)) + 1
      : number >= 1 && number <= passages.length
        ? number
        : 0;

  const rewrite = (text: string) =>
    text.replace(citationPattern(), (whole, list: string) => {
      const shown: number[] = [];
      for (const number of citationGroupNumbers(list)) {
        const passage = passageOf(number);
        // A number that names no passage is invented: kept as written (it names no shown source either).
        if (passage === 0) {
          shown.push(number);
          continue;
        }
        cited.add(passage);
        const key = required(passages[passage - 1], `passage ${passage}`).documentKey;
        const shownNumber = documentNumber.get(key) ?? documentNumber.size + 1;
        documentNumber.set(key, shownNumber);
        shown.push(shownNumber);
      }
      const distinct = [...new Set(shown)];
      return distinct.length === 0 ? whole : `[${distinct.join(", ")}]`;
    });

  return {
    next(piece) {
      const text = held + piece;
      const tail = OPEN_TAIL.exec(text);
      if (tail && tail[0].length <= LONGEST_CITATION) {
        held = tail[0];
        return rewrite(text.slice(0, tail.index));
      }
      held = "";
      return rewrite(text);
    },
    flush() {
      const text = held;
      held = "";
      return rewrite(text);
    },
    citedPassages: () => new Set(cited),
    noteNumbers() {
      const numbers = new Map(documentNumber);
      // The documents not cited take the numbers after the cited ones, in the passages' order.
      return passages.map(({ documentKey }) => {
        const number = numbers.get(documentKey) ?? numbers.size + 1;
        numbers.set(documentKey, number);
        return number;
      });
    },
  };
}

/** The numbers of documents in retrieval order, before the answer has cited any: the first `sources` event. */
export function noteNumbersInRetrievalOrder(passages: readonly NumberedPassage[]): number[] {
  return renumberCitations(passages).noteNumbers();
}
