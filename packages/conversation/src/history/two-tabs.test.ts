import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { expect, test } from "vitest";
import { openConversationHistory, type SavedConversation } from "./conversation-history";
import { importDeviceKey } from "./device-vault";

// Issue 35 §4: two tabs of the same account see the same list — a change in one is told to the
// other (BroadcastChannel), which reads it from the shared database. Each store here is one tab.

const randomKey = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const saved = (id: string, question: string): SavedConversation => ({
  id,
  module: "chat",
  title: question,
  createdAt: Number(id),
  updatedAt: Number(id),
  messages: [{ id: `${id}-1`, role: "user", content: question, timestamp: Number(id) }],
});

test("a conversation saved, then deleted, in one tab is told to the other tab of the same account, which lists the same", async () => {
  const indexedDB = new IDBFactory();
  const key = await importDeviceKey(randomKey());
  const first = await openConversationHistory({ identity: "auth0|rossi", key, indexedDB });
  const second = await openConversationHistory({ identity: "auth0|rossi", key, indexedDB });
  const toldOnce = () =>
    new Promise<void>((resolve) => {
      const stop = second.onChange(() => {
        stop();
        resolve();
      });
    });

  const saving = toldOnce();
  await first.save(saved("1000", "Quando fiorisce il glicine?"));
  await saving;
  expect((await second.list()).conversations.map((conversation) => conversation.title)).toEqual(["Quando fiorisce il glicine?"]);

  const removing = toldOnce();
  await first.remove(["1000"]);
  await removing;
  expect((await second.list()).conversations).toEqual([]);
  first.close();
  second.close();
});
