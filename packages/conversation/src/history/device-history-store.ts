import { createStore } from "zustand/vanilla";
import type { Clock } from "../clock";
import type { ConversationHistory, ConversationList, SavedConversation } from "./conversation-history";
import { titleOf } from "./conversation-title";
import { openHistoryFile, sealHistoryFile } from "./history-file";
import { historyMessages } from "./history-messages";

// Issue 35 §1, issue 50 §1–§3: the conversations of the signed-in account on this device, as the
// screens see them — a zustand store over the encrypted database (conversation-history.ts), which
// it is handed once its key and code have arrived. Only type imports of that module here: the
// store exists from the page's first moment, Dexie loads later.

/** Issue 50 §1: how long 'Annulla' brings a deletion back. */
export const UNDO_DELETION_MS = 10_000;

/** A conversation as a module hands it over: its title and time are the store's to give. */
export type UnsavedConversation = Pick<SavedConversation, "id" | "module" | "createdAt" | "messages" | "moduleState">;

export type DeviceHistoryState = {
  /** "off": the user chose not to keep conversations here; "failed": the store could not open. */
  status: "loading" | "ready" | "off" | "failed";
  /** 'Ricorda le conversazioni su questo dispositivo' (on unless the user turned it off here). */
  remember: boolean;
  /** Pinned first, then newest first. */
  conversations: SavedConversation[];
  /** The list has been read from the database at least once (until then, an address waits for it). */
  listed: boolean;
  /** Records that could not be read (damaged, or another account's): skipped and said. */
  unreadable: number;
  /** What went wrong with the last write (a full store), to tell the user; null when nothing. */
  problem: string | null;
  /**
   * Issue 50 §1: the ids deleted from this device, by this tab or another — never written again;
   * a screen showing one of them clears it.
   */
  erased: ReadonlySet<string>;
  /** Issue 50 §1: the last deletion, which 'Annulla' brings back until it expires. */
  lastDeletion: { conversations: SavedConversation[]; all: boolean } | null;
};

/** Where the user's choice to keep conversations here is remembered (localStorage in a browser). */
export type RememberChoice = { read(): boolean; write(remember: boolean): void };

export type DeviceHistoryWorld = Pick<Clock, "now" | "later"> & { rememberChoice: RememberChoice };

export type DeviceHistoryStore = ReturnType<typeof createDeviceHistory>;

const byPinThenDate = (a: SavedConversation, b: SavedConversation) =>
  Number(b.pinned ?? false) - Number(a.pinned ?? false) || b.updatedAt - a.updatedAt;

/** The words of a conversation, to tell new words from a conversation only opened (issue 50 §2). */
const wordsOf = (messages: readonly SavedConversation["messages"][number][]) =>
  JSON.stringify(messages.map((message) => [message.role, message.content, message.card ?? null]));

/** The account's conversations on this device: the state the screens read, and the steps that change it. */
export function createDeviceHistory(world: DeviceHistoryWorld) {
  const store = createStore<DeviceHistoryState>()(() => ({
    status: world.rememberChoice.read() ? "loading" : "off",
    remember: world.rememberChoice.read(),
    conversations: [],
    listed: false,
    unreadable: 0,
    problem: null,
    erased: new Set(),
    lastDeletion: null,
  }));
  let database: ConversationHistory | null = null;
  let failed = false;
  let stopListening: (() => void) | null = null;
  let endUndo: (() => void) | null = null;
  // Writes go one after another, so a rename cannot be overtaken by an older save, nor a save
  // asked before a deletion land after it.
  let queue: Promise<unknown> = Promise.resolve();
  // Saves asked for before the database opened (its key and code still on their way): the latest
  // of each conversation, written as soon as it opens.
  const waiting = new Map<string, UnsavedConversation>();
  // A list read before a change made here is stale when it arrives: the change's own read follows.
  let changes = 0;

  const statusNow = (): DeviceHistoryState["status"] =>
    failed ? "failed" : !store.getState().remember ? "off" : database ? "ready" : "loading";

  function write(step: (database: ConversationHistory) => Promise<unknown>): Promise<void> {
    const next = queue.then(async () => {
      if (!database) return;
      try {
        await step(database);
        store.setState({ problem: null });
      } catch (error) {
        store.setState({
          problem: error instanceof Error && error.name === "HistoryFullError" ? error.message : historyMessages.saveFailed,
        });
      }
    });
    queue = next;
    return next;
  }

  function showList({ conversations, unreadable, erased }: ConversationList) {
    const gone = new Set(erased);
    store.setState({
      conversations: conversations.filter((conversation) => !gone.has(conversation.id)).sort(byPinThenDate),
      listed: true,
      unreadable,
      erased: gone,
    });
  }

  function reload(): Promise<unknown> {
    const opened = database;
    const asked = changes;
    if (!opened) return Promise.resolve();
    return opened.list().then(
      (list) => database === opened && asked === changes && showList(list),
      () => {
        if (database !== opened) return;
        failed = true;
        store.setState({ status: statusNow() });
      },
    );
  }

  function persist(conversation: UnsavedConversation) {
    const kept = store.getState().conversations.find((saved) => saved.id === conversation.id);
    // A title the user gave stays; the date moves only with new words.
    const title = kept?.renamed ? { title: kept.title, renamed: true } : { title: titleOf(conversation.messages) };
    const sameWords = kept && wordsOf(kept.messages) === wordsOf(conversation.messages);
    const saved: SavedConversation = {
      ...conversation,
      ...title,
      ...(kept?.pinned ? { pinned: true } : {}),
      updatedAt: sameWords ? kept.updatedAt : world.now(),
    };
    void write((database) => database.save(saved));
  }

  /** The conversations leave the list at once, and the device; 'Annulla' has them for a while. */
  function erase(conversations: SavedConversation[], all: boolean) {
    if (conversations.length === 0) return Promise.resolve();
    const ids = new Set(conversations.map((conversation) => conversation.id));
    changes += 1;
    for (const id of ids) waiting.delete(id);
    endUndo?.();
    const state = store.getState();
    store.setState({
      conversations: state.conversations.filter((conversation) => !ids.has(conversation.id)),
      erased: new Set([...state.erased, ...ids]),
      lastDeletion: { conversations, all },
    });
    endUndo = world.later(() => {
      endUndo = null;
      store.setState({ lastDeletion: null });
    }, UNDO_DELETION_MS);
    return write((database) => database.remove([...ids]));
  }

  function save(conversation: UnsavedConversation) {
    const { remember, erased } = store.getState();
    if (!remember || failed || erased.has(conversation.id) || conversation.messages.length === 0) return;
    if (database) persist(conversation);
    else waiting.set(conversation.id, conversation);
  }

  return {
    /** Read it (or bind it with zustand's useStore); it changes only through the steps below. */
    store,

    /** The database has opened (the account's key and the store's code arrived): what waited is written. */
    attach(opened: ConversationHistory) {
      database = opened;
      stopListening = opened.onChange(() => void reload());
      store.setState({ status: statusNow() });
      void reload();
      const asked = [...waiting.values()];
      waiting.clear();
      for (const conversation of asked) save(conversation);
    },

    /** Every write asked for so far has landed, and the list is read again. */
    async settled() {
      await queue;
      await reload();
    },

    /** The database could not open: said, and nothing is asked of it. */
    fail() {
      failed = true;
      store.setState({ status: statusNow() });
    },

    /** Another account, or none: the database closes and what this one asked to keep is not written under the next. */
    detach() {
      stopListening?.();
      stopListening = null;
      database?.close();
      database = null;
      waiting.clear();
      endUndo?.();
      endUndo = null;
      store.setState({ status: statusNow(), conversations: [], listed: false, unreadable: 0, erased: new Set(), lastDeletion: null });
    },

    setRemember(remember: boolean) {
      if (!remember) waiting.clear();
      world.rememberChoice.write(remember);
      store.setState({ remember });
      store.setState({ status: statusNow() });
    },

    /** Writes a conversation as it is now; never one deleted from this device (issue 50 §1). */
    save,

    /** A title the user gives; the date stays (issue 50 §2). */
    rename(id: string, title: string) {
      const kept = store.getState().conversations.find((conversation) => conversation.id === id);
      const wanted = title.trim();
      if (!kept || !wanted) return Promise.resolve();
      const renamed = { ...kept, title: wanted, renamed: true };
      store.setState({
        conversations: store.getState().conversations.map((conversation) => (conversation.id === id ? renamed : conversation)),
      });
      return write((database) => database.save(renamed));
    },

    /** Issue 50 §3: kept at the top of the list (or not); the date stays. */
    pin(id: string, pinned: boolean) {
      const kept = store.getState().conversations.find((conversation) => conversation.id === id);
      if (!kept) return Promise.resolve();
      const { pinned: _was, ...rest } = kept;
      const changed = pinned ? { ...rest, pinned: true } : rest;
      store.setState({
        conversations: store
          .getState()
          .conversations.map((conversation) => (conversation.id === id ? changed : conversation))
          .sort(byPinThenDate),
      });
      return write((database) => database.save(changed));
    },

    /** Issue 50 §1: one conversation deleted, with 'Annulla' for 10 s instead of a question. */
    remove(id: string) {
      const found = store.getState().conversations.filter((conversation) => conversation.id === id);
      return erase(found, false);
    },

    /** 'Elimina tutte', with 'Annulla' for 10 s like one. */
    clear() {
      return erase([...store.getState().conversations], true);
    },

    /** 'Annulla': the last deletion back, as it was (title, date, pin). */
    undo() {
      const { lastDeletion: undo, erased } = store.getState();
      if (!undo) return Promise.resolve();
      endUndo?.();
      endUndo = null;
      changes += 1;
      const ids = new Set(undo.conversations.map((conversation) => conversation.id));
      store.setState({
        lastDeletion: null,
        erased: new Set([...erased].filter((id) => !ids.has(id))),
        conversations: [...store.getState().conversations, ...undo.conversations].sort(byPinThenDate),
      });
      return write((database) => database.restore(undo.conversations));
    },

    /**
     * Issue 50 §8: 'Esporta conversazioni' — every conversation of this account on this device in
     * one file sealed with `passphrase`; null while the database is not open.
     */
    async exportFile(passphrase: string, iterations?: number): Promise<string | null> {
      if (!database) return null;
      await queue;
      return sealHistoryFile(store.getState().conversations, { passphrase, account: database.account, iterations });
    },

    /**
     * Issue 50 §8: 'Importa conversazioni' — a file from another device (or browser) of this
     * account, merged by id: a conversation not here is added (one deleted here comes back: the
     * user asked for it), one here is replaced only by a newer one. A file that cannot be read
     * rejects with the reason (HistoryFileError) and changes nothing.
     */
    async importFile(text: string, passphrase: string): Promise<{ added: number; updated: number; unchanged: number }> {
      const opened = database;
      if (!opened) throw new Error("history: not open");
      const read = await openHistoryFile(text, { passphrase, account: opened.account });
      const here = new Map(store.getState().conversations.map((conversation) => [conversation.id, conversation]));
      const added = read.filter((conversation) => !here.has(conversation.id));
      const updated = read.filter((conversation) => {
        const kept = here.get(conversation.id);
        return kept !== undefined && conversation.updatedAt > kept.updatedAt;
      });
      const wanted = [...added, ...updated];
      if (wanted.length > 0) {
        changes += 1;
        const ids = new Set(wanted.map((conversation) => conversation.id));
        store.setState({ erased: new Set([...store.getState().erased].filter((id) => !ids.has(id))) });
        await write((database) => database.restore(wanted));
        await reload();
      }
      return { added: added.length, updated: updated.length, unchanged: read.length - wanted.length };
    },

    /** Every trace of this account on this device, without 'Annulla' ('Esci e cancella', 'Elimina account'). */
    forget() {
      changes += 1;
      waiting.clear();
      endUndo?.();
      endUndo = null;
      const ids = store.getState().conversations.map((conversation) => conversation.id);
      store.setState({ conversations: [], lastDeletion: null, erased: new Set([...store.getState().erased, ...ids]) });
      return write((database) => database.forget());
    },
  };
}
