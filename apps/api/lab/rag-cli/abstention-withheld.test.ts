import { expect, test } from "vitest";
import { separation } from "./abstention-withheld";

test("separation is the chance that an answerable question scores above an unanswerable one, ties counting half", () => {
  expect(separation([0.9, 0.8], [0.1, 0.2])).toBe(1);
  expect(separation([0.1, 0.2], [0.9, 0.8])).toBe(0);
  expect(separation([0.5, 0.9], [0.5, 0.1])).toBe(0.875);
  expect(separation([], [0.3])).toBe(0);
});
