import type { StreamChunk } from "@oystar/api-client";
import { createHash } from "node:crypto";

// spec 001 §3/§9: answers are cached by request for `cache_ttl_seconds` (60–86400, default 3600).
// Privacy (DESIGN.md §7, "no conversation content is stored"): the cache lives in this process's
// memory only — never in the database, never on disk, never logged — is bounded, and every entry
// expires; a restart forgets it. The key is a hash of everything the answer depends on: the
// question, the history, every knob, and each index searched WITH its content version; when a
// private index is among them, the user's id too, so one customer's cached answer can never be
// served to another. The price is that instances behind a load balancer do not share hits.

export type CachedAnswer = { events: StreamChunk[] };

export type AnswerCache = {
  get(key: string): CachedAnswer | null;
  set(key: string, answer: CachedAnswer, ttlSeconds: number): void;
  readonly size: number;
};

export const CACHE_MAX_ENTRIES = 500;

export function createAnswerCache(options: { now?: () => number; maxEntries?: number } = {}): AnswerCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? CACHE_MAX_ENTRIES;
  // A Map keeps insertion order: re-inserting on a hit makes it least-recently-used first.
  const entries = new Map<string, { answer: CachedAnswer; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      entries.delete(key);
      if (entry.expiresAt <= now()) return null;
      entries.set(key, entry);
      return entry.answer;
    },
    set(key, answer, ttlSeconds) {
      entries.delete(key);
      entries.set(key, { answer, expiresAt: now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export type CacheScope = {
  userId: string;
  indexes: ReadonlyArray<{ id: string; version: number; ownerId: string | null }>;
};

/** The key of one request: a SHA-256 of its scope and every input the answer depends on. */
export function cacheKey(scope: CacheScope, inputs: unknown): string {
  const privateIndex = scope.indexes.some((index) => index.ownerId !== null);
  const material = {
    user: privateIndex ? scope.userId : null,
    indexes: scope.indexes.map((index) => [index.id, index.version]).sort(),
    inputs,
  };
  return createHash("sha256").update(JSON.stringify(material)).digest("hex");
}
