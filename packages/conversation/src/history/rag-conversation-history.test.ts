import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { expect, test } from "vitest";
import type { ChatMessage } from "../message";
import { openConversationHistory, type SavedConversation } from "./conversation-history";
import { searchConversations } from "./conversation-search";
import { importDeviceKey } from "./device-vault";

// Issue 35 §5: a RAG conversation kept in the same store as the chat's — its answers with their
// numbered sources (what the citations open) and a summary message come back whole, and sealed.

const randomKey = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

// RAG's messages carry more than the floor's type names (its numbered sources, a summary's kind).
const ragMessages = [
  { id: "rag-1", role: "user", content: "Quanti limoni ci sono nella limonaia?", timestamp: 1 },
  {
    id: "rag-2",
    role: "assistant",
    content: "Cento limoni [1], in vasi di terracotta [2].",
    timestamp: 2,
    sources: [
      {
        noteNumber: 1,
        chunkId: "11",
        filename: "villa-aurora.pdf",
        title: "Villa Aurora",
        page: 3,
        excerpt: "Nella limonaia dimorano cento limoni",
        cited: true,
        confidence: 0.82,
      },
      {
        noteNumber: 2,
        chunkId: "12",
        filename: "vasi.pptx",
        title: "I vasi",
        place: "Diapositiva 4",
        excerpt: "Vasi di terracotta dell'Impruneta",
      },
    ],
  },
  { id: "rag-3", role: "assistant", content: "Riepilogo della conversazione precedente: i limoni.", timestamp: 3, kind: "summary" },
] as unknown as ChatMessage[];

const ragConversation: SavedConversation = {
  id: "3000",
  module: "rag",
  title: "Quanti limoni ci sono nella limonaia?",
  createdAt: 1,
  updatedAt: 3,
  messages: ragMessages,
};

async function rawText(indexedDB: IDBFactory): Promise<string> {
  const request = indexedDB.open("oystar-conversations");
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const all = db.transaction("conversations").objectStore("conversations").getAll();
  const records = await new Promise<unknown[]>((resolve) => (all.onsuccess = () => resolve(all.result as unknown[])));
  db.close();
  return JSON.stringify(records, (_key, value: unknown) =>
    value instanceof Uint8Array || value instanceof ArrayBuffer ? Array.from(new Uint8Array(value as ArrayBuffer)) : value,
  );
}

test("a RAG conversation reads back with its sources and its summary, and the database holds none of its words", async () => {
  const indexedDB = new IDBFactory();
  const history = await openConversationHistory({ identity: "auth0|rossi", key: await importDeviceKey(randomKey()), indexedDB });
  await history.save(ragConversation);
  const { conversations, unreadable } = await history.list();
  expect(unreadable).toBe(0);
  expect(conversations).toEqual([ragConversation]);
  // Found by a word of its answer, as the list's search finds it.
  expect(searchConversations(conversations, "terracotta").map((saved) => saved.module)).toEqual(["rag"]);
  const raw = await rawText(indexedDB);
  for (const word of ["limoni", "limonaia", "Villa Aurora", "villa-aurora.pdf", "Impruneta", "Diapositiva", "Riepilogo", "rag"])
    expect(raw).not.toContain(word);
  history.close();
});
