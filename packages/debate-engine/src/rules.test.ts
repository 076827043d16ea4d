import { expect, test } from "vitest";
import { clampLength, debatePhase, PHASE_PRESETS, speakerOfTurn } from "./rules";

const phasesOf = (length: number) => Array.from({ length }, (_, turn) => debatePhase(turn, length));
const count = (phases: string[], phase: string) => phases.filter((candidate) => candidate === phase).length;

test.each([
  // n, last opposizione turn, first riflessione, first sintesi, counts
  [6, 1, 2, 4, [2, 2, 2]],
  [20, 5, 6, 13, [6, 7, 7]],
  [200, 65, 66, 133, [66, 67, 67]],
])(
  "n = %i: opposizione before floor(n/3), riflessione before floor(2n/3), sintesi after",
  (n, lastOpposition, firstReflection, firstSynthesis, counts) => {
    const phases = phasesOf(n);
    expect(phases[lastOpposition]).toBe("opposizione");
    expect(phases[firstReflection]).toBe("riflessione");
    expect(phases[firstSynthesis - 1]).toBe("riflessione");
    expect(phases[firstSynthesis]).toBe("sintesi");
    expect(phases.at(-1)).toBe("sintesi");
    expect([count(phases, "opposizione"), count(phases, "riflessione"), count(phases, "sintesi")]).toEqual(counts);
  },
);

test("turns alternate A then B from turn 0", () => {
  expect([0, 1, 2, 3, 18, 19].map(speakerOfTurn)).toEqual(["A", "B", "A", "B", "A", "B"]);
});

test("presets: assertive 0.8/0.9, reflective 0.7/0.8, synthesis 0.9/0.9, max_tokens 1000", () => {
  expect(PHASE_PRESETS).toEqual({
    opposizione: { temperature: 0.8, top_p: 0.9, max_tokens: 1000 },
    riflessione: { temperature: 0.7, top_p: 0.8, max_tokens: 1000 },
    sintesi: { temperature: 0.9, top_p: 0.9, max_tokens: 1000 },
  });
});

test("the length stays within 6 and 200", () => {
  expect([3, 6, 20.4, 200, 500, Number.NaN].map(clampLength)).toEqual([6, 6, 20, 200, 200, 20]);
});
