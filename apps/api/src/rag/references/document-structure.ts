import { basename, extname } from "node:path";
import { actMentions, parseReferences } from "./legal-reference";

// Issue 49 §2: what an article-structured document is — its act and, for a file that holds one
// article (as firms keep them), that article — from its heading, its title or its file name.

/** How far into a document its heading may name its act. */
const PREAMBLE = 600;

/** The act the preamble of a document (the text before its first article) names first. */
export function actOfPreamble(preamble: string): string | null {
  return actMentions(preamble.slice(0, PREAMBLE))[0]?.act ?? null;
}

/** A title or a file name as words: «costituzione_art-21.txt» → «costituzione art 21», «dlgs-196-2003» → «dlgs 196/2003». */
const asWords = (name: string) =>
  basename(name, extname(name))
    .replace(/(?<=\d)-(?=\d)/g, "/")
    .replace(/[-_]+/g, " ");

/** The act and the one article a title or a file name names: «Costituzione - Art. 21», «dlgs-196-2003-art-2-septies.txt». */
export function referenceOfName(name: string): { act: string | null; article: string | null } {
  for (const text of [name, asWords(name)]) {
    const references = parseReferences(text);
    const act = references.find((reference) => reference.act)?.act ?? null;
    const articles = [...new Set(references.flatMap((reference) => reference.articles))];
    if (act || articles.length > 0) return { act, article: articles.length === 1 ? (articles[0] ?? null) : null };
  }
  return { act: null, article: null };
}

/** A stored passage's reference: its document's act (where it has articles) and its article and commas. */
export type PassageReference = { act: string | null; article: string | null; commas: string[] };

/**
 * The references of a document's passages: the articles its headings mark (or the one its name
 * gives, to every passage), under the act its heading, title or file name names. A document
 * without articles gets none: a title naming an act is not enough to be that act.
 */
export function passageReferences(
  document: { title: string; filename: string; act?: string | null },
  places: ReadonlyArray<{ article?: string; commas?: string[] }>,
): PassageReference[] {
  const fromTitle = referenceOfName(document.title);
  const fromFile = referenceOfName(document.filename);
  const marked = places.some((place) => place.article);
  const article = marked ? null : (fromTitle.article ?? fromFile.article);
  if (!marked && !article) return places.map(() => ({ act: null, article: null, commas: [] }));
  const act = document.act ?? fromTitle.act ?? fromFile.act;
  return places.map((place) => ({ act, article: place.article ?? article, commas: place.commas ?? [] }));
}
