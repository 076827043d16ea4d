import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { expect, test } from "vitest";
import { conversationMarkdown, HistoryFullError, openConversationHistory, titleOf, type SavedConversation } from "./conversation-history";
import { searchConversations } from "./conversation-search";
import { importDeviceKey } from "./device-vault";

// Issue 35 §1: the conversations kept on the device — per account, encrypted with the account's key.

const randomKey = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const conversation = (id: string, question: string, answer: string, updatedAt = Number(id)): SavedConversation => ({
  id,
  module: "chat",
  title: question,
  createdAt: Number(id),
  updatedAt,
  messages: [
    { id: `${id}-1`, role: "user", content: question, timestamp: Number(id) },
    { id: `${id}-2`, role: "assistant", content: answer, timestamp: Number(id) + 1 },
  ],
});

async function rawRecords(indexedDB: IDBFactory): Promise<unknown[]> {
  const request = indexedDB.open("oystar-conversations");
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const all = db.transaction("conversations").objectStore("conversations").getAll();
  const records = await new Promise<unknown[]>((resolve) => (all.onsuccess = () => resolve(all.result as unknown[])));
  db.close();
  return records;
}

test("a conversation is kept sealed: what the database holds has no word of it, and it reads back whole, newest first", async () => {
  const indexedDB = new IDBFactory();
  const key = await importDeviceKey(randomKey());
  const history = await openConversationHistory({ identity: "auth0|rossi", key, indexedDB });
  await history.save(conversation("1000", "Quando fiorisce il glicine a Villa Lante?", "In aprile [1]."));
  await history.save(conversation("2000", "Chi progettò il giardino di Boboli?", "Niccolò Tribolo."));
  expect((await history.list()).conversations.map((saved) => saved.title)).toEqual([
    "Chi progettò il giardino di Boboli?",
    "Quando fiorisce il glicine a Villa Lante?",
  ]);

  const stored = JSON.stringify(await rawRecords(indexedDB), (_key, value: unknown) =>
    value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? new TextDecoder().decode(value as ArrayBuffer) : value,
  );
  for (const word of ["glicine", "Boboli", "Tribolo", "chat", "rossi"]) expect(stored).not.toContain(word);
  history.close();
});

test("another account on the same browser sees nothing of it, even with the first account's records in the database", async () => {
  const indexedDB = new IDBFactory();
  const rossi = await openConversationHistory({ identity: "auth0|rossi", key: await importDeviceKey(randomKey()), indexedDB });
  await rossi.save(conversation("1000", "Domanda riservata", "Risposta riservata"));
  const bianchi = await openConversationHistory({ identity: "auth0|bianchi", key: await importDeviceKey(randomKey()), indexedDB });
  expect(await bianchi.list()).toEqual({ conversations: [], unreadable: 0, erased: [] });
  await bianchi.clear();
  expect((await rossi.list()).conversations).toHaveLength(1);
  rossi.close();
  bianchi.close();
});

test("a record the key cannot open (another key, or damaged) is skipped and counted, never a crash", async () => {
  const indexedDB = new IDBFactory();
  const key = randomKey();
  const before = await openConversationHistory({ identity: "auth0|rossi", key: await importDeviceKey(key), indexedDB });
  await before.save(conversation("1000", "Prima", "Uno"));
  before.close();
  // The same account with a different key (say, the account was deleted and made again).
  const after = await openConversationHistory({ identity: "auth0|rossi", key: await importDeviceKey(randomKey()), indexedDB });
  await after.save(conversation("2000", "Dopo", "Due"));
  expect(await after.list()).toMatchObject({ conversations: [{ title: "Dopo" }], unreadable: 1 });
  after.close();
});

test("rename, delete one, delete all, and every change is told to whoever listens", async () => {
  const indexedDB = new IDBFactory();
  const history = await openConversationHistory({ identity: "auth0|rossi", key: await importDeviceKey(randomKey()), indexedDB });
  let changes = 0;
  history.onChange(() => (changes += 1));
  await history.save(conversation("1000", "Uno", "a"));
  await history.save(conversation("2000", "Due", "b"));
  await history.save({ ...conversation("1000", "Uno", "a", 3000), title: "Rinominata", renamed: true });
  expect((await history.list()).conversations.map((saved) => saved.title)).toEqual(["Rinominata", "Due"]);
  await history.remove(["2000"]);
  expect((await history.list()).conversations.map((saved) => saved.id)).toEqual(["1000"]);
  await history.clear();
  expect((await history.list()).conversations).toEqual([]);
  expect(changes).toBe(5);
  history.close();
});

test("a full store is said, with what to do", async () => {
  const indexedDB = new IDBFactory();
  const history = await openConversationHistory({ identity: "auth0|rossi", key: await importDeviceKey(randomKey()), indexedDB });
  const full = Object.assign(new Error("quota"), { name: "QuotaExceededError" });
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = () => {
    throw full;
  };
  try {
    await expect(history.save(conversation("1000", "Uno", "a"))).rejects.toThrow(HistoryFullError);
    await expect(history.save(conversation("1000", "Uno", "a"))).rejects.toThrow("elimina quelle che non ti servono più");
  } finally {
    IDBObjectStore.prototype.put = put;
    history.close();
  }
});

test("search in titles and text, titles from the first question, Markdown to download", () => {
  const list = [conversation("1", "Villa d'Este", "Le fontane di Tivoli."), conversation("2", "Boboli", "Il giardino dei Medici.")];
  expect(searchConversations(list, "TIVOLI").map((saved) => saved.id)).toEqual(["1"]);
  expect(searchConversations(list, "medicì").map((saved) => saved.id)).toEqual(["2"]);
  expect(searchConversations(list, "  ")).toHaveLength(2);
  expect(titleOf([{ id: "a", role: "user", content: `  ${"parola ".repeat(20)}\n fine`, timestamp: 0 }])).toHaveLength(80);
  const markdown = conversationMarkdown(list[0]!);
  expect(markdown).toContain("# Villa d'Este");
  expect(markdown).toContain("## Tu\n\nVilla d'Este\n\n## OYSTAR\n\nLe fontane di Tivoli.\n");
});

test("issue 50 §5: a document action reads as its name, with the document it went with and the answer it was used for", () => {
  const withDocument: SavedConversation = {
    ...conversation("3", "Redigi il verbale formale del documento «Verbale.pdf»: data e luogo…", "Il consiglio approva."),
  };
  withDocument.messages[0] = { ...withDocument.messages[0]!, label: "Verbale formale", attachment: { name: "Verbale.pdf", pages: 2 } };
  withDocument.messages[1] = { ...withDocument.messages[1]!, basedOn: "Verbale.pdf" };
  withDocument.title = titleOf(withDocument.messages);
  expect(withDocument.title).toBe("Verbale formale — Verbale.pdf");
  const markdown = conversationMarkdown(withDocument);
  expect(markdown).toContain(
    "## Tu\n\nVerbale formale\n\n_Documento allegato: Verbale.pdf (2 pagine)_\n\n## OYSTAR\n\nIl consiglio approva.\n\n_Risposta basata su «Verbale.pdf»_\n",
  );
  expect(markdown).not.toContain("Redigi");
});

test("issue 50 §4: the Markdown has the version shown, then the others", () => {
  const versions = conversation("4", "Glicine?", "Tra aprile e maggio.");
  versions.messages[1] = {
    ...versions.messages[1]!,
    versions: { before: [[{ id: "old", role: "assistant", content: "Aprile.", timestamp: 4 }]], after: [] },
  };
  const markdown = conversationMarkdown(versions);
  expect(markdown).toContain("_Versione 2 di 2_\n\n## OYSTAR\n\nTra aprile e maggio.\n");
  expect(markdown).toContain("## Altre versioni\n\n### Versione 1 di 2\n\n#### OYSTAR\n\nAprile.\n");
});
