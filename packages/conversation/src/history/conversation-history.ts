import Dexie, { type Table } from "dexie";
import type { ChatMessage } from "../message";
import { historyMessages } from "./history-messages";
import { asConversation } from "./conversation-shape";
import { accountTag, open, seal, type Sealed } from "./device-vault";
export { titleOf } from "./conversation-title";

// Issue 35 §1: the conversations a user had, kept in this browser (IndexedDB, through Dexie), per
// account and encrypted with the account's key (device-vault.ts). The server never sees them. What
// the database holds in clear: a digest of the account, the conversation's id and when it last
// changed (to list newest first); its module, title and messages are sealed.

export type { ConversationModule, SavedConversation } from "./saved-conversation";
import type { SavedConversation } from "./saved-conversation";

type StoredRecord = Sealed & { account: string; id: string; updatedAt: number };
/**
 * Issue 50 §1: a conversation deleted from this device — its id only (a time), never a word — so
 * that nothing of it is written again: not by a tab that still shows it, nor by an answer that
 * was arriving as it was deleted. 'Annulla' takes the mark away with the conversation back.
 */
type ErasedRecord = { account: string; id: string };

class ConversationDatabase extends Dexie {
  conversations!: Table<StoredRecord, [string, string]>;
  erased!: Table<ErasedRecord, [string, string]>;
  constructor(name: string, indexedDB?: IDBFactory) {
    super(name, indexedDB ? { indexedDB, IDBKeyRange: (globalThis as { IDBKeyRange?: typeof IDBKeyRange }).IDBKeyRange } : undefined);
    this.version(1).stores({ conversations: "[account+id], account, [account+updatedAt]" });
    this.version(2).stores({ erased: "[account+id], account" });
  }
}

/** The store is full: the user is told what to delete, nothing is lost silently. */
export class HistoryFullError extends Error {
  constructor() {
    super(historyMessages.full);
    this.name = "HistoryFullError";
  }
}

export type ConversationList = {
  /** Newest first. */
  conversations: SavedConversation[];
  /** Records this account's key cannot open, or that are not conversations: skipped, and said. */
  unreadable: number;
  /** Issue 50 §1: the ids deleted from this device, which are never written again. */
  erased: string[];
};

export type ConversationHistory = {
  /** The account as this device's store names it (a digest of its identity): issue 50 §8's files carry it. */
  account: string;
  list(): Promise<ConversationList>;
  /**
   * Writes the conversation, unless it was deleted from this device (issue 50 §1: checked in the
   * same transaction as the write, so a write racing a deletion in any tab loses). Resolves to
   * whether it was written.
   */
  save(conversation: SavedConversation): Promise<boolean>;
  /** Deletes these conversations, and marks their ids so that nothing writes them again. */
  remove(ids: readonly string[]): Promise<void>;
  /** 'Annulla' (issue 50 §1): deleted conversations back, as they were, their marks gone. */
  restore(conversations: readonly SavedConversation[]): Promise<void>;
  /** Every conversation of this account on this device (each marked, as `remove` does). */
  clear(): Promise<void>;
  /** Every trace of this account on this device, marks included ('Esci e cancella', 'Elimina account'). */
  forget(): Promise<void>;
  /** Called after any change, in this tab or another of this browser. */
  onChange(listener: () => void): () => void;
  close(): void;
};

export const CONVERSATION_DATABASE = "oystar-conversations";
const CHANNEL = "oystar-conversations";

const isQuotaError = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === "QuotaExceededError" || (error as { inner?: { name?: string } }).inner?.name === "QuotaExceededError");

/**
 * Opens this account's conversations on this device. `identity` is the account as the sign-in
 * knows it (its subject); `key` the server's device key (importDeviceKey).
 */
export async function openConversationHistory(options: {
  identity: string;
  key: CryptoKey;
  indexedDB?: IDBFactory;
  name?: string;
}): Promise<ConversationHistory> {
  const account = await accountTag(options.identity);
  const db = new ConversationDatabase(options.name ?? CONVERSATION_DATABASE, options.indexedDB);
  await db.open();
  const listeners = new Set<() => void>();
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  const notify = () => listeners.forEach((listener) => listener());
  // Another tab of this browser changed this account's conversations.
  if (channel) channel.onmessage = (event: MessageEvent<{ account?: string }>) => (event.data?.account === account ? notify() : undefined);
  const changed = () => {
    notify();
    channel?.postMessage({ account });
  };
  const writing = async (write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      throw isQuotaError(error) ? new HistoryFullError() : error;
    }
    changed();
  };

  return {
    account,
    async list() {
      const records = await db.conversations
        .where("[account+updatedAt]")
        .between([account, Dexie.minKey], [account, Dexie.maxKey])
        .reverse()
        .toArray();
      const conversations: SavedConversation[] = [];
      let unreadable = 0;
      for (const record of records) {
        const conversation = await open(options.key, account, record.id, record).then(
          (value) => asConversation(value, record.id),
          () => null,
        );
        if (conversation) conversations.push(conversation);
        else unreadable += 1;
      }
      const erased = await db.erased.where("account").equals(account).primaryKeys();
      return { conversations, unreadable, erased: erased.map(([, id]) => id) };
    },
    async save(conversation) {
      // Sealed first: Web Crypto's promises would end an IndexedDB transaction waiting on them.
      const sealed = await seal(options.key, account, conversation.id, conversation);
      let written = false;
      await writing(() =>
        db.transaction("rw", db.conversations, db.erased, async () => {
          if (await db.erased.get([account, conversation.id])) return;
          await db.conversations.put({ account, id: conversation.id, updatedAt: conversation.updatedAt, ...sealed });
          written = true;
        }),
      );
      return written;
    },
    remove: (ids) =>
      writing(() =>
        db.transaction("rw", db.conversations, db.erased, async () => {
          await db.erased.bulkPut(ids.map((id) => ({ account, id })));
          await db.conversations.bulkDelete(ids.map((id): [string, string] => [account, id]));
        }),
      ),
    async restore(conversations) {
      const sealed = await Promise.all(
        conversations.map(async (conversation) => ({
          account,
          id: conversation.id,
          updatedAt: conversation.updatedAt,
          ...(await seal(options.key, account, conversation.id, conversation)),
        })),
      );
      await writing(() =>
        db.transaction("rw", db.conversations, db.erased, async () => {
          await db.erased.bulkDelete(conversations.map((conversation): [string, string] => [account, conversation.id]));
          await db.conversations.bulkPut(sealed);
        }),
      );
    },
    clear: () =>
      writing(() =>
        db.transaction("rw", db.conversations, db.erased, async () => {
          const ids = await db.conversations.where("account").equals(account).primaryKeys();
          await db.erased.bulkPut(ids.map(([, id]) => ({ account, id })));
          await db.conversations.where("account").equals(account).delete();
        }),
      ),
    forget: () =>
      writing(() =>
        db.transaction("rw", db.conversations, db.erased, async () => {
          await db.conversations.where("account").equals(account).delete();
          await db.erased.where("account").equals(account).delete();
        }),
      ),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      channel?.close();
      db.close();
    },
  };
}

/** The conversation as Markdown, to download: the version shown, then the others (issue 50 §4). */
export function conversationMarkdown(conversation: SavedConversation): string {
  const when = new Date(conversation.createdAt).toLocaleString("it-IT", { dateStyle: "long", timeStyle: "short" });
  const lines = [`# ${conversation.title}`, "", `_${historyMessages.moduleName[conversation.module]} · ${when}_`, ""];
  const others: { number: number; count: number; messages: ChatMessage[] }[] = [];
  const write = (messages: readonly ChatMessage[], heading: string) => {
    for (const message of messages) {
      if (message.versions) {
        const { before, after } = message.versions;
        const count = before.length + after.length + 1;
        lines.push(`_${historyMessages.version(before.length + 1, count)}_`, "");
        before.forEach((version, index) => others.push({ number: index + 1, count, messages: version }));
        after.forEach((version, index) => others.push({ number: before.length + index + 2, count, messages: version }));
      }
      if (message.card) continue;
      // Issue 50 §5: the question as the user asked it, with its document; an answer, with the one it used.
      const words = (message.label ?? message.content).trim();
      lines.push(`${heading} ${message.role === "user" ? historyMessages.you : historyMessages.assistant}`, "", words, "");
      if (message.attachment) lines.push(`_${historyMessages.attachment(message.attachment.name, message.attachment.pages)}_`, "");
      if (message.basedOn) lines.push(`_${historyMessages.basedOn(message.basedOn)}_`, "");
    }
  };
  write(conversation.messages, "##");
  if (others.length > 0) lines.push(`## ${historyMessages.otherVersions}`, "");
  // Versions inside versions are listed in turn, as they are met.
  for (let next = others.shift(); next; next = others.shift()) {
    lines.push(`### ${historyMessages.version(next.number, next.count)}`, "");
    write(next.messages, "####");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
