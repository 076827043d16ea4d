import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { expect, test } from "vitest";
import { virtualTime } from "../testing/virtual-time";
import { openConversationHistory, type SavedConversation } from "./conversation-history";
import { createDeviceHistory, UNDO_DELETION_MS, type UnsavedConversation } from "./device-history-store";
import { importDeviceKey } from "./device-vault";

// Issue 50 §1: a deleted conversation is never written again — not by the screen still showing
// it, not by an answer arriving as it goes, not by another tab — and 'Annulla' brings it back for
// 10 s. §2: opening or renaming a conversation leaves its date; only new words move it.

const randomKey = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

const chat = (id: string, ...words: string[]): UnsavedConversation => ({
  id,
  module: "chat",
  createdAt: Number(id),
  messages: words.map((content, index) => ({
    id: `${id}-${index}`,
    role: index % 2 === 0 ? "user" : "assistant",
    content,
    timestamp: Number(id) + index,
  })),
});

/** One browser (its IndexedDB) and the account's key: each `tab()` is a page of it. */
async function browser() {
  const indexedDB = new IDBFactory();
  const key = await importDeviceKey(randomKey());
  const open = () => openConversationHistory({ identity: "auth0|verdi", key, indexedDB });
  return {
    open,
    async tab() {
      const time = virtualTime();
      let remember = true;
      const history = createDeviceHistory({
        ...time.clock,
        rememberChoice: { read: () => remember, write: (value) => (remember = value) },
      });
      const database = await open();
      history.attach(database);
      /** Every write asked for has landed and the list has been read again. */
      const settled = async () => {
        await history.settled();
        return (await database.list()).conversations;
      };
      return { history, time, database, settled };
    },
  };
}

const titles = (conversations: readonly SavedConversation[]) => conversations.map((conversation) => conversation.title);

test("a deleted conversation leaves at once, and the screen going on with it (an answer arriving, a new question) writes nothing of it again", async () => {
  const device = await browser();
  const { history, settled } = await device.tab();
  history.save(chat("1000", "Dati riservati cliente Verdi", "Ecco il riepilogo."));
  history.save(chat("2000", "Un'altra domanda"));
  await settled();
  await history.remove("1000");
  expect(titles(history.store.getState().conversations)).toEqual(["Un'altra domanda"]);
  expect(history.store.getState().erased.has("1000")).toBe(true);

  // The screen still holds it: its next question, and the answer that was arriving.
  history.save(chat("1000", "Dati riservati cliente Verdi", "Ecco il riepilogo.", "E il secondo punto?"));
  history.save(chat("1000", "Dati riservati cliente Verdi", "Ecco il riepilogo.", "E il secondo punto?", "Il secondo punto…"));
  expect(titles(await settled())).toEqual(["Un'altra domanda"]);

  // The page reloaded: a new tab of the same browser lists it nowhere, and refuses it too.
  const again = await device.tab();
  expect(titles(await again.settled())).toEqual(["Un'altra domanda"]);
  expect(again.history.store.getState().erased.has("1000")).toBe(true);
  again.history.save(chat("1000", "Dati riservati cliente Verdi"));
  expect(titles(await again.settled())).toEqual(["Un'altra domanda"]);
});

test("a write racing the deletion in another tab loses, whichever lands first", async () => {
  const device = await browser();
  const writer = await device.open();
  const deleter = await device.open();
  const saved = (id: string): SavedConversation => ({ ...chat(id, "Parola riservata"), title: "Parola riservata", updatedAt: Number(id) });
  await writer.save(saved("1000"));
  await writer.save(saved("2000"));

  // The tab still showing it writes as the other deletes: both in flight at once, in both orders.
  await Promise.all([writer.save(saved("1000")), deleter.remove(["1000"])]);
  await Promise.all([deleter.remove(["2000"]), writer.save(saved("2000"))]);
  expect((await writer.list()).conversations).toEqual([]);
  // And any later write from the stale tab is refused, said by its answer.
  expect(await writer.save(saved("1000"))).toBe(false);
  expect((await deleter.list()).conversations).toEqual([]);
  expect((await deleter.list()).erased.sort()).toEqual(["1000", "2000"]);
});

test("'Annulla' within 10 s brings the conversation back as it was; after 10 s it is gone for good", async () => {
  const device = await browser();
  const { history, time, settled } = await device.tab();
  history.save(chat("1000", "Glicine"));
  await settled();
  time.advance(60_000);
  history.save(chat("2000", "Rose"));
  const before = await settled();
  await history.rename("1000", "Il glicine di Villa Lante");

  await history.remove("1000");
  expect(history.store.getState().lastDeletion).toMatchObject({ all: false, conversations: [{ id: "1000" }] });
  time.advance(UNDO_DELETION_MS - 1);
  await history.undo();
  const back = await settled();
  expect(titles(back)).toEqual(["Rose", "Il glicine di Villa Lante"]);
  expect(back.find((conversation) => conversation.id === "1000")?.updatedAt).toBe(before.find((c) => c.id === "1000")?.updatedAt);
  expect(history.store.getState().erased.has("1000")).toBe(false);
  // Back, it is written again like any conversation.
  history.save(chat("1000", "Glicine", "In aprile."));
  expect((await settled()).find((conversation) => conversation.id === "1000")?.messages).toHaveLength(2);

  await history.remove("1000");
  time.advance(UNDO_DELETION_MS);
  expect(history.store.getState().lastDeletion).toBeNull();
  await history.undo();
  expect(titles(await settled())).toEqual(["Rose"]);
});

test("'Elimina tutte' asks nothing and is undone like one; 'Esci e cancella' leaves no trace, the marks included", async () => {
  const device = await browser();
  const { history, settled, database } = await device.tab();
  history.save(chat("1000", "Uno"));
  history.save(chat("2000", "Due"));
  await settled();
  await history.clear();
  expect(history.store.getState()).toMatchObject({ conversations: [], lastDeletion: { all: true } });
  expect(await settled()).toEqual([]);
  await history.undo();
  expect(titles(await settled()).sort()).toEqual(["Due", "Uno"]);

  await history.forget();
  expect(history.store.getState().lastDeletion).toBeNull();
  expect(await database.list()).toEqual({ conversations: [], unreadable: 0, erased: [] });
});

test("opening, renaming or pinning leaves a conversation's date; new words move it", async () => {
  const device = await browser();
  const { history, time, settled } = await device.tab();
  history.save(chat("1000", "Glicine", "In aprile."));
  await settled();
  time.advance(60_000);
  history.save(chat("2000", "Rose", "In maggio."));
  await settled();
  const dateOf = (id: string) => history.store.getState().conversations.find((conversation) => conversation.id === id)?.updatedAt;
  const first = dateOf("1000");

  time.advance(60_000);
  // Opened: the module writes it back as it is.
  history.save(chat("1000", "Glicine", "In aprile."));
  await history.rename("1000", "Glicine a Villa Lante");
  await history.pin("1000", true);
  await settled();
  expect(dateOf("1000")).toBe(first);
  // Pinned: first in the list all the same.
  expect(titles(history.store.getState().conversations)).toEqual(["Glicine a Villa Lante", "Rose"]);
  await history.pin("1000", false);
  await settled();
  expect(titles(history.store.getState().conversations)).toEqual(["Rose", "Glicine a Villa Lante"]);

  history.save(chat("1000", "Glicine", "In aprile.", "E a Boboli?"));
  await settled();
  expect(dateOf("1000")).toBe(first! + 120_000);
  expect(titles(history.store.getState().conversations)).toEqual(["Glicine a Villa Lante", "Rose"]);
});

test("what is asked before the database opens is written once it opens — unless it was deleted meanwhile or keeping is off", async () => {
  const device = await browser();
  let remember = true;
  const history = createDeviceHistory({ ...virtualTime().clock, rememberChoice: { read: () => remember, write: (v) => (remember = v) } });
  expect(history.store.getState().status).toBe("loading");
  history.save(chat("1000", "Prima che si apra"));
  history.save(chat("1000", "Prima che si apra", "Risposta"));
  const database = await device.open();
  history.attach(database);
  await history.settled();
  expect((await database.list()).conversations.map((conversation) => conversation.messages.length)).toEqual([2]);

  history.setRemember(false);
  expect(history.store.getState().status).toBe("off");
  history.save(chat("3000", "Da non ricordare"));
  await history.settled();
  expect((await database.list()).conversations).toHaveLength(1);
});
