import { cosine, localEmbedding } from "../embedder";

// spec 001 §3/§9: passages more similar than the threshold (0.1–1.0, default 0.9) to one already
// kept are dropped, so the model does not read the same text twice (the same page in two files,
// a document indexed under two names). Similarity is lexical — the cosine of the local
// character-n-gram vectors — whatever the embedder: it is about repeated text, not topics.

export function textSimilarity(left: string, right: string): number {
  return cosine(localEmbedding(left), localEmbedding(right));
}

/** Keeps the ranked passages in order, without those too similar to a better one; the first `limit` kept are enough. */
export function deduplicate<T extends { text: string }>(ranked: readonly T[], threshold: number, limit = Number.POSITIVE_INFINITY): T[] {
  const kept: Array<{ item: T; vector: Float32Array }> = [];
  for (const item of ranked) {
    // Later passages are never returned: their vectors need not be computed.
    if (kept.length >= limit) break;
    const vector = localEmbedding(item.text);
    // A hair of tolerance: identical texts must meet a threshold of 1 despite float rounding.
    if (kept.some((other) => cosine(other.vector, vector) >= threshold - 1e-6)) continue;
    kept.push({ item, vector });
  }
  return kept.map((entry) => entry.item);
}
