import { API_PATHS, deviceKeySchema } from "@oystar/api-client";
import { useApiClient } from "@oystar/auth/react";
import type { ConversationHistory, SavedConversation } from "@oystar/conversation/history";
import type * as HistoryCode from "@oystar/conversation/history";

type HistoryModule = typeof HistoryCode;
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { messages } from "../messages";

// Issue 35 §1: the signed-in account's conversations kept on this device. The key comes from the
// server each time the page opens (never stored here), so a signed-out browser keeps nothing
// readable; the store's code (Dexie) loads after the page, never in its first load.

/** A conversation as a module hands it over: the title and time are given when it is written. */
type Unsaved = Pick<SavedConversation, "id" | "module" | "createdAt" | "messages" | "moduleState">;

export type DeviceHistory = {
  /** "off": the user chose not to keep conversations here; "failed": the store could not open. */
  status: "loading" | "ready" | "off" | "failed";
  /** 'Ricorda le conversazioni su questo dispositivo' (on unless the user turned it off here). */
  remember: boolean;
  setRemember: (remember: boolean) => void;
  /** Newest first. */
  conversations: SavedConversation[];
  /** Records that could not be read (damaged, or another account's): skipped and said. */
  unreadable: number;
  /** What went wrong with the last write (a full store), to tell the user; null when nothing. */
  problem: string | null;
  /** Writes a conversation as it is now; its title is its first question, unless the user gave one. */
  save: (conversation: Unsaved) => void;
  rename: (id: string, title: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
  /** Every conversation of this account on this device. */
  clear: () => Promise<void>;
};

const REMEMBER_KEY = "oystar-ricorda-conversazioni";
const remembered = () => {
  try {
    return localStorage.getItem(REMEMBER_KEY) !== "no";
  } catch {
    return true;
  }
};

export function useDeviceHistory(identity: string | null): DeviceHistory {
  const api = useApiClient();
  const [remember, setRememberState] = useState(remembered);
  const [store, setStore] = useState<ConversationHistory | null>(null);
  const loaded = useRef<HistoryModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [list, setList] = useState<{ conversations: SavedConversation[]; unreadable: number }>({ conversations: [], unreadable: 0 });
  const [problem, setProblem] = useState<string | null>(null);
  // Writes go one after another, so a rename cannot be overtaken by an older save.
  const queue = useRef(Promise.resolve());
  // Saves asked for before the store opened (its key and code still on their way, a slow network
  // or a busy machine): the latest of each conversation, written as soon as the store opens, so
  // a question answered in the page's first seconds is kept like any other.
  const waiting = useRef(new Map<string, Unsaved>());

  useEffect(() => {
    if (!identity) return;
    let opened: ConversationHistory | null = null;
    let gone = false;
    const asked = waiting.current;
    void (async () => {
      try {
        const [{ key }, history] = await Promise.all([
          api.get(API_PATHS.deviceKey, deviceKeySchema),
          import("@oystar/conversation/history"),
        ]);
        const store = await history.openConversationHistory({ identity, key: await history.importDeviceKey(key) });
        if (gone) return store.close();
        opened = store;
        loaded.current = history;
        // A list read as the page leaves (the store closed under it) is of no one's interest.
        const reload = () =>
          void store.list().then(
            (next) => !gone && setList(next),
            () => !gone && setFailed(true),
          );
        store.onChange(reload);
        reload();
        setStore(store);
      } catch {
        if (!gone) setFailed(true);
      }
    })();
    return () => {
      gone = true;
      opened?.close();
      // Another account, or none: what this one asked to keep is not written under the next.
      asked.clear();
      setStore(null);
    };
  }, [api, identity]);

  const write = useCallback(
    (step: (store: ConversationHistory) => Promise<void>) => {
      const next = queue.current.then(async () => {
        if (!store) return;
        try {
          await step(store);
          setProblem(null);
        } catch (error) {
          setProblem(error instanceof Error && error.name === "HistoryFullError" ? error.message : messages.history.saveFailed);
        }
      });
      queue.current = next;
      return next;
    },
    [store],
  );

  const byId = useRef(new Map<string, SavedConversation>());
  byId.current = new Map(list.conversations.map((conversation) => [conversation.id, conversation]));

  const persist = useCallback(
    (conversation: Unsaved) => {
      const history = loaded.current;
      if (!history) return;
      // A title the user gave stays.
      const kept = byId.current.get(conversation.id);
      const title = kept?.renamed ? { title: kept.title, renamed: true } : { title: history.titleOf(conversation.messages) };
      void write((store) => store.save({ ...conversation, ...title, updatedAt: Date.now() }));
    },
    [write],
  );

  useEffect(() => {
    if (!store || !remember) return;
    for (const conversation of waiting.current.values()) persist(conversation);
    waiting.current.clear();
  }, [store, remember, persist]);

  return useMemo<DeviceHistory>(
    () => ({
      status: failed ? "failed" : !remember ? "off" : store ? "ready" : "loading",
      remember,
      setRemember(next) {
        setRememberState(next);
        if (!next) waiting.current.clear();
        try {
          localStorage.setItem(REMEMBER_KEY, next ? "yes" : "no");
        } catch {
          // A browser that keeps nothing: the choice lasts for this page.
        }
      },
      conversations: list.conversations,
      unreadable: list.unreadable,
      problem,
      save(conversation) {
        if (!remember || failed) return;
        if (store && loaded.current) persist(conversation);
        else waiting.current.set(conversation.id, conversation);
      },
      rename: (id, title) =>
        write(async (store) => {
          const kept = byId.current.get(id);
          if (kept && title.trim()) await store.save({ ...kept, title: title.trim(), renamed: true, updatedAt: Date.now() });
        }),
      remove: (id) => write((store) => store.remove(id)),
      clear: () => write((store) => store.clear()),
    }),
    [failed, remember, store, list, problem, write, persist],
  );
}
