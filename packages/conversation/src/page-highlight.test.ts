import { expect, test } from "vitest";
import { passageOnPage } from "./page-highlight";

// Issue 25: the cited passage found among a PDF page's text items, whatever the blanks.

const items = [
  "Il roseto apre a maggio.",
  "",
  "La grotta custodisce settantasette",
  "statue di marmo. Furono scolpite",
  "tra il 1701 e il 1730.",
];

test("the passage as indexed (lines joined by a space) marks the parts of the items that hold it", () => {
  expect(passageOnPage(items, "La grotta custodisce settantasette statue di marmo.")).toEqual([
    { item: 2, start: 0, end: 34 },
    { item: 3, start: 0, end: 16 },
  ]);
  expect(passageOnPage(items, "Furono scolpite tra il 1701 e il 1730.")).toEqual([
    { item: 3, start: 17, end: 32 },
    { item: 4, start: 0, end: 22 },
  ]);
});

test("a passage read a little differently is still found by its ends", () => {
  const hyphenated = [
    "La grotta di Villa Nebbia custodisce da secoli settanta-",
    "sette statue di marmo scolpite tra il 1701 e il 1730 da Giacomo Ferri.",
  ];
  const ranges = passageOnPage(
    hyphenated,
    "La grotta di Villa Nebbia custodisce da secoli settantasette statue di marmo scolpite tra il 1701 e il 1730 da Giacomo Ferri.",
  );
  expect(ranges[0]).toEqual({ item: 0, start: 0, end: 56 });
  expect(ranges.at(-1)).toEqual({ item: 1, start: 0, end: hyphenated[1]!.length });
});

test("a passage that is not on the page marks nothing", () => {
  expect(passageOnPage(items, "Il labirinto misura un ettaro.")).toEqual([]);
  expect(passageOnPage(items, "")).toEqual([]);
});
