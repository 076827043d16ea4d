import { expect, test } from "vitest";
import { createDebateSession } from "./debate-session";
import { watchDebateQuota } from "./quota-watch";
import { analyst, fakeWorld } from "./testing/fake-world";

test("the counters are read again once the debate is counted and once it ends", async () => {
  const world = fakeWorld();
  const session = createDebateSession(world.ports, { length: 6, auto: true });
  let refreshes = 0;
  const stop = watchDebateQuota(session.store, () => (refreshes += 1));
  session.start({ theses: ["Il treno", "L'aereo"] });
  await world.settle();
  expect(refreshes).toBe(1);
  for (let turn = 1; turn < 6; turn += 1) {
    world.time.advance(3000);
    await world.settle();
  }
  expect(session.store.getState().status).toBe("finished");
  expect(refreshes).toBe(2);
  stop();
  session.newDebate();
  session.start({ theses: ["Il treno", "L'aereo"] });
  await world.settle();
  expect(refreshes).toBe(2);
});

test("a refused debate and a delivered synthesis refresh them too", async () => {
  const refused = fakeWorld({ startDebate: async () => ({ status: "quotaExhausted" }) });
  const session = createDebateSession(refused.ports, { length: 6 });
  let refreshes = 0;
  watchDebateQuota(session.store, () => (refreshes += 1));
  session.start({ theses: ["Il treno", "L'aereo"] });
  await refused.settle();
  expect(session.store.getState().status).toBe("halted");
  expect(refreshes).toBe(1);
});

test("a delivered synthesis refreshes them once more", async () => {
  const world = fakeWorld({ script: analyst });
  const session = createDebateSession(world.ports, { length: 6 });
  let refreshes = 0;
  watchDebateQuota(session.store, () => (refreshes += 1));
  session.startSynthesis({ topic: "Treno contro aereo" });
  await world.settle();
  expect(session.store.getState().synthesis.result).not.toBeNull();
  expect(refreshes).toBe(2);
});
