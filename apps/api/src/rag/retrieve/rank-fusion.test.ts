import { expect, test } from "vitest";
import { reciprocalRankFusion, RRF_K } from "./rank-fusion";

const list = (...ids: string[]) => ids.map((chunkId) => ({ chunkId }));

test("a chunk both legs rank well beats one only a single leg ranks first", () => {
  const fused = reciprocalRankFusion([list("a", "b", "c"), list("b", "d", "a")]);
  expect(fused.map((hit) => hit.chunkId)).toEqual(["b", "a", "d", "c"]);
  expect(fused[0]).toEqual({ chunkId: "b", score: 1 / (RRF_K + 2) + 1 / (RRF_K + 1), votes: 2 });
});

test("scores are 1/(k+rank), summed over lists; a chunk repeated in one list votes once", () => {
  const fused = reciprocalRankFusion([list("x", "x", "y")], 10);
  expect(fused).toEqual([
    { chunkId: "x", score: 1 / 11, votes: 1 },
    { chunkId: "y", score: 1 / 13, votes: 1 },
  ]);
});

test("ties fall back to storage order, so answers are deterministic", () => {
  expect(reciprocalRankFusion([list("9"), list("3")]).map((hit) => hit.chunkId)).toEqual(["3", "9"]);
  expect(reciprocalRankFusion([])).toEqual([]);
});
