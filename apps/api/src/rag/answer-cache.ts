import type { StreamChunk } from "@oystar/api-client";
import { createHash } from "node:crypto";

// spec 001 §3/§9: answers are cached by request for `cache_ttl_seconds` (60–86400, default 3600).
// Privacy (DESIGN.md §7, "no conversation content is stored"): the cache lives in this process's
// memory only — never in the database, never on disk, never logged — is bounded, and every entry
// expires; a restart forgets it. The key is a hash of everything the answer depends on: the
// question, the history, every knob, each index searched WITH its content version, and the
// asker's account: one customer's cached answer is never served to another — not even over a
// shared index, where a hit (milliseconds against seconds) would tell a customer that someone
// else asked the same (issue 22). The price is that instances behind a load balancer, and
// customers asking alike, do not share hits.

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
  indexes: ReadonlyArray<{ id: string; version: number }>;
};

/** The key of one request: a SHA-256 of its scope and every input the answer depends on. */
export function cacheKey(scope: CacheScope, inputs: unknown): string {
  const material = {
    user: scope.userId,
    indexes: scope.indexes.map((index) => [index.id, index.version]).sort(),
    inputs,
  };
  return createHash("sha256").update(JSON.stringify(material)).digest("hex");
}
