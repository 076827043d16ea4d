import { expect, test } from "vitest";
import { markAccountDeleted, takeAccountDeleted } from "./account-farewell";

// Issue 52 §7: the site's word after 'Elimina account', said once.
test("a deleted account is said once in this tab; a storage that refuses says nothing and throws nothing", () => {
  const kept = new Map<string, string>();
  const storage = {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
  };
  expect(takeAccountDeleted(storage)).toBe(false);
  markAccountDeleted(storage);
  expect(takeAccountDeleted(storage)).toBe(true);
  expect(takeAccountDeleted(storage)).toBe(false);
  const refusing = {
    getItem: () => {
      throw new Error("negato");
    },
    setItem: () => {
      throw new Error("negato");
    },
    removeItem: () => {},
  };
  expect(() => markAccountDeleted(refusing)).not.toThrow();
  expect(takeAccountDeleted(refusing)).toBe(false);
});
