// Reciprocal rank fusion (Cormack, Clarke & Büttcher, 2009): each list votes 1 / (k + rank) for
// its items. Scores of different legs (BM25, cosine) and of different indexes are not
// comparable; ranks are. k = 60 is the paper's constant.

export const RRF_K = 60;

export type Ranked = { chunkId: string };
export type Fused = { chunkId: string; score: number; votes: number };

export function reciprocalRankFusion(lists: ReadonlyArray<ReadonlyArray<Ranked>>, k = RRF_K): Fused[] {
  const fused = new Map<string, Fused>();
  for (const list of lists) {
    const seen = new Set<string>();
    list.forEach((item, rank) => {
      // An item listed twice in one list votes once, at its best rank.
      if (seen.has(item.chunkId)) return;
      seen.add(item.chunkId);
      const entry = fused.get(item.chunkId) ?? { chunkId: item.chunkId, score: 0, votes: 0 };
      entry.score += 1 / (k + rank + 1);
      entry.votes += 1;
      fused.set(item.chunkId, entry);
    });
  }
  // Ties (same score) fall back to the order the chunks were stored in: deterministic answers.
  return [...fused.values()].sort((left, right) => right.score - left.score || Number(left.chunkId) - Number(right.chunkId));
}
