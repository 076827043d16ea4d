import { expect, test } from "vitest";
import { deduplicate, textSimilarity } from "./deduplication";

const passage = "Il giardino di Villa Aurora conta dodici fontane alimentate da un acquedotto privato lungo tre chilometri.";

test("a near copy of a better passage is dropped; different passages stay, in order", () => {
  const ranked = [
    { id: 1, text: passage },
    { id: 2, text: "La limonaia ospita d'inverno centoquaranta alberi di limone in vaso." },
    { id: 3, text: `${passage} ` },
    { id: 4, text: passage.replace("dodici", "12") },
  ];
  expect(deduplicate(ranked, 0.9).map((item) => item.id)).toEqual([1, 2]);
  // At the maximum threshold only identical text counts as a duplicate.
  expect(deduplicate(ranked, 1).map((item) => item.id)).toEqual([1, 2, 4]);
});

test("similarity is 1 for the same text and low for unrelated ones", () => {
  expect(textSimilarity(passage, passage)).toBeCloseTo(1, 5);
  expect(textSimilarity(passage, "La potatura dell'ulivo si fa tra febbraio e marzo.")).toBeLessThan(0.3);
});
