import type { Queryable } from "../../db/database";
import { parseReferences } from "../references/legal-reference";
import { referenceCitation } from "../references/reference-labels";
import type { RagIndex } from "../rag-store";
import { required } from "../../required";

// Issue 49 §3: a question that names an article finds that article's passages by key — its act
// and article as the index stores them (migration 0061), the suffix exact: 55 ≠ 55-ter — before
// today's pipeline ranks the rest. A question naming the article alone prefers the act the
// conversation is about (named by its questions, or cited by its answers), then the act the index
// holds most passages of. The lookup is one indexed query per index (rag_chunks_article_idx).

/** An article a question asks about: its act where named, its comma, and how a lawyer would cite it. */
export type ArticleAsked = { act: string | null; article: string; comma: string | null; citation: string };

/** The articles a question names (each article of «artt. 2043 e 2059 c.c.» on its own). */
export function articlesAsked(question: string): ArticleAsked[] {
  return parseReferences(question).flatMap((reference) =>
    reference.articles.map((article) => {
      const asked = { act: reference.act ?? null, article, comma: reference.articles.length === 1 ? (reference.comma ?? null) : null };
      return { ...asked, citation: referenceCitation(asked) };
    }),
  );
}

/** A message of the conversation as the client sends it: an answer may name the passages it cited (their chunk ids). */
export type ConversationMessage = { role: string; content: string; cited?: readonly string[] | undefined };

/**
 * The acts a conversation is about, the latest first: those its user messages name, and those of
 * the passages its answers cited (`citedActs`: each cited chunk's act, as the index holds it) —
 * issue 49 §3: «art. 21» after a question on the Constitution, or after an answer citing it, is
 * the Constitution's.
 */
export function actsOfConversation(
  messages: ReadonlyArray<ConversationMessage>,
  citedActs: ReadonlyMap<string, string> = new Map(),
): string[] {
  const acts: string[] = [];
  const add = (act: string | null | undefined) => {
    if (act && !acts.includes(act)) acts.push(act);
  };
  for (const message of [...messages].reverse()) {
    if (message.role === "user") for (const reference of parseReferences(message.content).reverse()) add(reference.act);
    else for (const chunkId of message.cited ?? []) add(citedActs.get(chunkId));
  }
  return acts;
}

/**
 * The act of each passage the conversation's answers cited, by chunk id — read from the indexes
 * searched, so an id the client made up, or one of an index not searched, names no act.
 */
export async function actsOfCitedPassages(
  db: Queryable,
  indexes: ReadonlyArray<Pick<RagIndex, "id">>,
  messages: ReadonlyArray<ConversationMessage>,
): Promise<Map<string, string>> {
  const cited = [...new Set(messages.flatMap((message) => (message.role === "assistant" ? (message.cited ?? []) : [])))];
  if (cited.length === 0 || indexes.length === 0) return new Map();
  const rows = await db.query<{ id: string; act: string }>(
    "SELECT id::text, act FROM rag_chunks WHERE id = ANY($1::bigint[]) AND index_id = ANY($2::bigint[]) AND act IS NOT NULL",
    [cited, indexes.map((index) => index.id)],
  );
  return new Map(rows.map((row) => [row.id, row.act]));
}

/** A passage found by key: `order` ranks it among the others (comma asked, act preferred, its place in the article). */
export type KeyHit = {
  chunkId: string;
  documentId: string;
  act: string | null;
  commas: string[];
  ordinal: number;
  actPassages: number;
  asked: number;
};

/** How many passages of one article are taken: more than any article has, few enough for a cheap query. */
const ARTICLE_PASSAGES = 60;

/** The passages of `index` holding the articles asked, by key. */
export async function passagesByKey(db: Queryable, index: Pick<RagIndex, "id">, asked: readonly ArticleAsked[]): Promise<KeyHit[]> {
  const hits: KeyHit[] = [];
  for (const [position, { act, article }] of asked.entries()) {
    const rows = await db.query<{
      id: string;
      document_id: string;
      act: string | null;
      commas: string[] | null;
      ordinal: number;
      act_passages: number;
    }>(
      `SELECT c.id::text, c.document_id::text, c.act, c.commas, c.ordinal,
              (SELECT count(*)::int FROM rag_chunks x WHERE x.index_id = c.index_id AND x.article IS NOT NULL AND x.act IS NOT DISTINCT FROM c.act) AS act_passages
       FROM rag_chunks c
       WHERE c.index_id = $1 AND c.article IS NOT NULL AND c.article = $2 AND ($3::text IS NULL OR c.act = $3)
       ORDER BY c.document_id, c.ordinal LIMIT ${ARTICLE_PASSAGES}`,
      [index.id, article, act],
    );
    for (const row of rows)
      hits.push({
        chunkId: row.id,
        documentId: row.document_id,
        act: row.act,
        commas: row.commas ?? [],
        ordinal: row.ordinal,
        actPassages: row.act_passages,
        asked: position,
      });
  }
  return hits;
}

/**
 * The key hits in the order they are shown: the articles in the order asked; within one, the
 * passage holding the comma asked first, then (act not named) the act the conversation named or
 * cited last, then the act the index holds most of,
 * then the topic words' ranking (`topic`: the chunk's place in today's pipeline), then the
 * article's own order.
 */
export function orderedKeyHits(
  hits: readonly KeyHit[],
  asked: readonly ArticleAsked[],
  topic: ReadonlyMap<string, number>,
  conversationActs: readonly string[] = [],
): KeyHit[] {
  const place = (hit: KeyHit) => topic.get(hit.chunkId) ?? Number.POSITIVE_INFINITY;
  // The act the conversation named last ranks first; acts it never named after all those it did.
  const named = (hit: KeyHit) => {
    const at = hit.act ? conversationActs.indexOf(hit.act) : -1;
    return at === -1 ? conversationActs.length : at;
  };
  return [...hits].sort((left, right) => {
    const question = required(asked[left.asked], "the reference a hit answers");
    const comma = (hit: KeyHit) => (question.comma && hit.commas.includes(question.comma) ? 1 : 0);
    return (
      left.asked - right.asked ||
      comma(right) - comma(left) ||
      (question.act
        ? 0
        : named(left) - named(right) || right.actPassages - left.actPassages || (left.act ?? "").localeCompare(right.act ?? "")) ||
      place(left) - place(right) ||
      Number(left.documentId) - Number(right.documentId) ||
      left.ordinal - right.ordinal
    );
  });
}
