import { expect, test } from "vitest";
import { cacheKey, createAnswerCache } from "./answer-cache";

test("an entry lives for its TTL, then is gone", () => {
  let now = 1_000_000;
  const cache = createAnswerCache({ now: () => now });
  cache.set("k", { events: [{ chunk: "Risposta" }] }, 60);
  now += 59_999;
  expect(cache.get("k")).toEqual({ events: [{ chunk: "Risposta" }] });
  now += 1;
  expect(cache.get("k")).toBeNull();
  expect(cache.size).toBe(0);
});

test("it holds at most maxEntries, forgetting the least recently used", () => {
  const cache = createAnswerCache({ maxEntries: 2 });
  cache.set("a", { events: [] }, 60);
  cache.set("b", { events: [] }, 60);
  cache.get("a");
  cache.set("c", { events: [] }, 60);
  expect([cache.get("a") !== null, cache.get("b") !== null, cache.get("c") !== null]).toEqual([true, false, true]);
});

test("the key is one customer's: never shared with another, over a shared index or a private one", () => {
  const shared = [{ id: "1", version: 4, ownerId: null }];
  const withPrivate = [...shared, { id: "7", version: 1, ownerId: "42" }];
  const inputs = { question: "Quante fontane?" };
  // issue 22: a hit over a shared index would tell a customer that another asked the same.
  expect(cacheKey({ userId: "42", indexes: shared }, inputs)).not.toBe(cacheKey({ userId: "43", indexes: shared }, inputs));
  expect(cacheKey({ userId: "42", indexes: withPrivate }, inputs)).not.toBe(cacheKey({ userId: "43", indexes: withPrivate }, inputs));
  expect(cacheKey({ userId: "42", indexes: shared }, inputs)).toBe(
    cacheKey({ userId: "42", indexes: shared }, { question: "Quante fontane?" }),
  );
  // A new version of an index (re-ingestion) is a new key: no stale answers.
  expect(cacheKey({ userId: "42", indexes: [{ id: "1", version: 5 }] }, inputs)).not.toBe(
    cacheKey({ userId: "42", indexes: shared }, inputs),
  );
  expect(cacheKey({ userId: "42", indexes: shared }, { question: "Quante statue?" })).not.toBe(
    cacheKey({ userId: "42", indexes: shared }, inputs),
  );
});
