import { expect, test } from "vitest";
import { DELAY_FLOOR_STREAMS, DELAY_LIMIT_MS, MAX_STARTING_QUESTIONS, overloadCuts, refusalOf } from "./admission";

// Issue 55 §1: which load refuses a new question, and why — each limit alone.

const calm = { delayP99Ms: 0, delayMaxMs: 0, eventsPerSecond: 0, openStreams: 0, startingQuestions: 0 };
const unbounded = { maxOpenStreams: null, maxEventsPerSecond: null };

test("a process within its limits admits; past any one of them it refuses, saying which", () => {
  expect(refusalOf(calm, unbounded)).toBeNull();
  expect(refusalOf({ ...calm, openStreams: 9 }, { ...unbounded, maxOpenStreams: 10 })).toBeNull();
  expect(refusalOf({ ...calm, openStreams: 10 }, { ...unbounded, maxOpenStreams: 10 })).toBe("open_streams");
  expect(refusalOf({ ...calm, eventsPerSecond: 999 }, { ...unbounded, maxEventsPerSecond: 1000 })).toBeNull();
  expect(refusalOf({ ...calm, eventsPerSecond: 1000 }, { ...unbounded, maxEventsPerSecond: 1000 })).toBe("events");
  // Answers slower to start than questions arrive: a new one would only wait behind the others.
  expect(refusalOf({ ...calm, startingQuestions: MAX_STARTING_QUESTIONS - 1 }, unbounded)).toBeNull();
  expect(refusalOf({ ...calm, startingQuestions: MAX_STARTING_QUESTIONS }, unbounded)).toBe("starting");
});

test("a late event loop refuses only with many streams open: a few are not what makes it late", () => {
  const late = { ...calm, delayP99Ms: DELAY_LIMIT_MS + 1 };
  expect(refusalOf({ ...late, openStreams: DELAY_FLOOR_STREAMS - 1 }, unbounded)).toBeNull();
  expect(refusalOf({ ...late, openStreams: DELAY_FLOOR_STREAMS }, unbounded)).toBe("delay");
  expect(refusalOf({ ...calm, delayP99Ms: DELAY_LIMIT_MS, openStreams: 1000 }, unbounded)).toBeNull();
});

test("the overload ends the newest streams first, each once, and none that has stopped listening", () => {
  const cuts = overloadCuts();
  const ended: number[] = [];
  const stopListening = [1, 2, 3, 4, 5].map((stream) => cuts.when(() => ended.push(stream)));
  stopListening[4]?.();
  expect(cuts.shed(2)).toBe(2);
  expect(ended).toEqual([4, 3]);
  expect(cuts.shed(5)).toBe(2);
  expect(ended).toEqual([4, 3, 2, 1]);
  expect(cuts.shed(1)).toBe(0);
});
