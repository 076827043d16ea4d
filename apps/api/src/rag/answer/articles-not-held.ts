import { parseReferences } from "../references/legal-reference";
import { articlesAsked, type ArticleAsked } from "../retrieve/reference-search";
import type { Passage } from "../retrieve/retrieval";

// Issue 49 §5: a question about an article the index does not hold is told so, precisely — «L'art.
// 2043 c.c. non è tra i documenti dell'indice» — with a model or without, never answered from
// another article passed off as it. An article is held when a passage was found by its key, or
// when a passage names it (a judgment quoting «art. 2043 c.c.»: then it is in the documents).

/** The articles a question asks about that none of the passages found is, or names. */
export function articlesNotHeld(question: string, passages: readonly Passage[]): ArticleAsked[] {
  const asked = articlesAsked(question);
  if (asked.length === 0) return [];
  const named = passages.map((passage) => parseReferences(passage.text));
  return asked.filter(
    (article) =>
      !passages.some(
        (passage, position) =>
          (passage.reference?.asked === true &&
            passage.reference.article === article.article &&
            (!article.act || passage.reference.act === article.act)) ||
          (named[position] ?? []).some(
            (reference) => reference.articles.includes(article.article) && (!article.act || reference.act === article.act),
          ),
      ),
  );
}
