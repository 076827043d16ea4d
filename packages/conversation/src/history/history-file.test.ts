import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { expect, test } from "vitest";
import { virtualTime } from "../testing/virtual-time";
import { openConversationHistory } from "./conversation-history";
import { createDeviceHistory, type UnsavedConversation } from "./device-history-store";
import { importDeviceKey } from "./device-vault";
import { HistoryFileError } from "./history-file";

// Issue 50 §8: 'Esporta conversazioni' on one device, 'Importa conversazioni' on another (another
// browser, the same account): one file sealed with a passphrase, merged by id; a wrong
// passphrase, another account's file, a truncated or altered file: a clear reason, nothing changed.

const ITERATIONS = 100_000;
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
    role: index % 2 ? "assistant" : "user",
    content,
    timestamp: Number(id),
  })),
});

/** A browser profile of `identity`: its own IndexedDB, the device key the server gives that account. */
async function device(identity = "auth0|verdi", key = randomKey()) {
  const time = virtualTime();
  const history = createDeviceHistory({ ...time.clock, rememberChoice: { read: () => true, write: () => {} } });
  history.attach(await openConversationHistory({ identity, key: await importDeviceKey(key), indexedDB: new IDBFactory() }));
  await history.settled();
  return { history, time, titles: () => history.store.getState().conversations.map((conversation) => conversation.title) };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof HistoryFileError ? error.message : `not a HistoryFileError: ${String(error)}`),
  );

test("exported on one browser, imported on another: merged by id, newer versions win, nothing of it readable in the file", async () => {
  const laptop = await device();
  laptop.history.save(chat("1000", "Dati riservati cliente Verdi", "Il riepilogo."));
  laptop.time.advance(1000);
  laptop.history.save(chat("2000", "Quando fiorisce il glicine?"));
  await laptop.history.settled();
  const file = (await laptop.history.exportFile("cavallo batteria graffetta", ITERATIONS))!;
  expect(file).not.toMatch(/Verdi|glicine|riepilogo|verdi/);

  const phone = await device();
  phone.history.save(chat("3000", "Una del telefono"));
  await phone.history.settled();
  expect(await phone.history.importFile(file, "cavallo batteria graffetta")).toEqual({ added: 2, updated: 0, unchanged: 0 });
  expect(phone.titles().sort()).toEqual(["Dati riservati cliente Verdi", "Quando fiorisce il glicine?", "Una del telefono"]);
  // Again: nothing new.
  expect(await phone.history.importFile(file, "cavallo batteria graffetta")).toEqual({ added: 0, updated: 0, unchanged: 2 });

  // The laptop went on with one of them: its newer words replace the phone's copy.
  laptop.time.advance(60_000);
  laptop.history.save(chat("2000", "Quando fiorisce il glicine?", "In aprile."));
  await laptop.history.settled();
  const newer = (await laptop.history.exportFile("cavallo batteria graffetta", ITERATIONS))!;
  expect(await phone.history.importFile(newer, "cavallo batteria graffetta")).toEqual({ added: 0, updated: 1, unchanged: 1 });
  expect(phone.history.store.getState().conversations.find((conversation) => conversation.id === "2000")?.messages).toHaveLength(2);
});

test("a wrong passphrase, another account's file, a truncated or altered file: said, and nothing changed", async () => {
  const laptop = await device();
  laptop.history.save(chat("1000", "Glicine"));
  await laptop.history.settled();
  const file = (await laptop.history.exportFile("la passphrase giusta", ITERATIONS))!;
  const phone = await device();
  phone.history.save(chat("3000", "Già qui"));
  await phone.history.settled();

  expect(await refusal(phone.history.importFile(file, "la passphrase sbagliata"))).toBe(
    "La passphrase non è corretta, oppure il file è stato modificato. Nulla è stato cambiato.",
  );
  expect(await refusal(phone.history.importFile(file.slice(0, file.length / 2), "la passphrase giusta"))).toBe(
    "Il file non è un'esportazione completa delle conversazioni di OYSTAR (forse è stato troncato). Nulla è stato cambiato.",
  );
  const parsed = JSON.parse(file) as { data: string; kdf: { iterations: number } };
  const flipped = `${parsed.data.slice(0, 10)}${parsed.data[10] === "A" ? "B" : "A"}${parsed.data.slice(11)}`;
  expect(await refusal(phone.history.importFile(JSON.stringify({ ...parsed, data: flipped }), "la passphrase giusta"))).toBe(
    "La passphrase non è corretta, oppure il file è stato modificato. Nulla è stato cambiato.",
  );
  // The header is sealed with the data: a changed one does not open either.
  const header = JSON.stringify({ ...parsed, kdf: { ...parsed.kdf, iterations: parsed.kdf.iterations + 1 } });
  expect(await refusal(phone.history.importFile(header, "la passphrase giusta"))).toMatch(/^La passphrase non è corretta/);
  expect(phone.titles()).toEqual(["Già qui"]);

  const other = await device("auth0|bianchi");
  expect(await refusal(other.history.importFile(file, "la passphrase giusta"))).toBe(
    "Il file contiene le conversazioni di un altro account: accedi con quell'account per importarle. Nulla è stato cambiato.",
  );
  expect(other.titles()).toEqual([]);
});
