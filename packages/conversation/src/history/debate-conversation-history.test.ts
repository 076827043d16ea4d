import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { expect, test } from "vitest";
import { openConversationHistory, type SavedConversation } from "./conversation-history";
import { searchConversations } from "./conversation-search";
import { importDeviceKey } from "./device-vault";

// Issue 35 §1: a debate kept in the same store — beside its words (what the list searches), what
// the debate module keeps of it (turns, scorecard, vote) comes back whole, and sealed like the rest.

const randomKey = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

const debate: SavedConversation = {
  id: "5000",
  module: "debate",
  title: "Il treno contro l'aereo",
  createdAt: 5000,
  updatedAt: 5001,
  messages: [
    { id: "topic", role: "user", content: "Il treno contro l'aereo", timestamp: 5000 },
    { id: "1-turn-0", role: "assistant", content: "La ferrovia arriva in centro città.", timestamp: 5000 },
  ],
  moduleState: {
    version: 1,
    turn: 1,
    feedback: { vote: "B" },
    messages: [{ id: "1-turn-0", speaker: "A", content: "La ferrovia arriva in centro città." }],
  },
};

test("a kept debate reads back with what its module keeps, is found by its words, and none of it is in the database in clear", async () => {
  const indexedDB = new IDBFactory();
  const history = await openConversationHistory({ identity: "auth0|bianchi", key: await importDeviceKey(randomKey()), indexedDB });
  await history.save(debate);
  const { conversations } = await history.list();
  expect(conversations).toEqual([debate]);
  expect(searchConversations(conversations, "ferrovia").map((saved) => saved.id)).toEqual(["5000"]);
  const request = indexedDB.open("oystar-conversations");
  const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
  const all = db.transaction("conversations").objectStore("conversations").getAll();
  const records = await new Promise<unknown[]>((resolve) => (all.onsuccess = () => resolve(all.result as unknown[])));
  db.close();
  const raw = JSON.stringify(records, (_key, value: unknown) =>
    value instanceof Uint8Array || value instanceof ArrayBuffer ? Array.from(new Uint8Array(value as ArrayBuffer)) : value,
  );
  for (const word of ["treno", "ferrovia", "vote", "speaker", "debate"]) expect(raw).not.toContain(word);
  history.close();
});
