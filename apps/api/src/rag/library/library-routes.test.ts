import { API_PATHS, apiPath, type LibraryDocuments, type LibraryIndex, type LibraryIndexes, type LibraryUpload } from "@oystar/api-client";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer } from "../../../test-support/fixtures";
import { wordFile } from "../../../test-support/office-files";
import { abortMidBody } from "../../../test-support/raw-http";
import { bearer, readAnswer } from "../../../test-support/rag-helpers";
import { accountsChanged } from "../../accounts/accounts";
import { signInAs } from "../../dev-idp/dev-sign-in";
import { DEMO_INDEX } from "../ingest/demo-index";
import { ragMessages } from "../messages";
import { libraryMessages } from "./messages";

// Issue 48 §5–§6: the library's routes as a customer's page calls them, on the real server. Each
// route for its owner; another customer, and a plan below Business, get nothing of it.

let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;
let other: string;
let pro: string;

beforeAll(async () => {
  server = await startTestServer();
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
  pro = (await signInAs(server.url, "pro@oystar.test")).access_token;
  other = (await signInAs(server.url, "studio.bianchi@esempio.it")).access_token;
  // Registered at its first call, then moved to Business.
  await call(other, API_PATHS.me);
  await server.db.query("UPDATE users SET plan = 'business' WHERE email = 'studio.bianchi@esempio.it'");
  accountsChanged(server.db);
});
afterAll(async () => {
  await server?.close();
});
// Each test starts with no customer index (a failed one leaves none behind for the next).
beforeEach(async () => {
  await server.db.query("DELETE FROM rag_indexes WHERE owner_id IS NOT NULL");
});

const call = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...bearer(token), ...(init.headers as Record<string, string>) } });

const json = (body: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

async function newIndex(token: string, label: string): Promise<LibraryIndex> {
  const response = await call(token, API_PATHS.libraryIndexes, json({ label }));
  expect(response.status).toBe(201);
  return (await response.json()) as LibraryIndex;
}

async function removeIndex(token: string, name: string) {
  expect((await call(token, apiPath(API_PATHS.libraryIndex, { name }), { method: "DELETE" })).status).toBe(200);
}

/** Files as the page sends them: one multipart part each, its name the file's path. */
function filesForm(files: Record<string, Uint8Array | string>) {
  const form = new FormData();
  for (const [path, body] of Object.entries(files)) form.append("files", new File([body as BlobPart], path));
  return form;
}

async function upload(token: string, index: string, files: Record<string, Uint8Array | string>) {
  return call(token, apiPath(API_PATHS.libraryDocuments, { name: index }), { method: "POST", body: filesForm(files) });
}

const documentsOf = async (token: string, index: string) =>
  (await (await call(token, apiPath(API_PATHS.libraryDocuments, { name: index }))).json()) as LibraryDocuments;

/** The list once nothing is waiting or being read, as the page shows it when it stops moving. */
async function settled(token: string, index: string): Promise<LibraryDocuments> {
  for (;;) {
    const list = await documentsOf(token, index);
    if (list.documents.every((document) => document.state === "indexed" || document.state === "refused")) return list;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function citedFiles(token: string, index: string, question: string): Promise<string[]> {
  const answer = await answerOf(token, index, question);
  return [...new Set(answer.sources.flat().map((source) => source.filename))];
}

async function answerOf(token: string, index: string, question: string) {
  const answer = await readAnswer(
    await call(token, API_PATHS.askStream, json({ question, index_names: [index] })).then((response) => {
      expect(response.status).toBe(200);
      return response;
    }),
  );
  expect(answer.error).toBeNull();
  return answer;
}

const uploadsOnDisk = () => {
  const root = join(server.env.dataDir, "uploads");
  let files: string[] = [];
  try {
    for (const folder of readdirSync(root)) files = files.concat(readdirSync(join(root, folder)));
  } catch {
    // No upload was ever received here.
  }
  return files;
};

describe("indexes", () => {
  test("a Business customer makes its indexes up to its plan's three; the fourth is refused with the plan's words", async () => {
    const made = [await newIndex(business, "Contratti"), await newIndex(business, "Pareri"), await newIndex(business, "Fatture")];
    const fourth = await call(business, API_PATHS.libraryIndexes, json({ label: "Verbali" }));
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toEqual({ error: ragMessages.indexLimit(3) });

    const list = (await (await call(business, API_PATHS.libraryIndexes)).json()) as LibraryIndexes;
    expect(list.indexes.map((index) => index.label)).toEqual(["Contratti", "Pareri", "Fatture"]);
    expect(list.limits).toEqual({ indexes: 3, bytes: 100 * 1024 * 1024 });
    expect(list.used.indexes).toBe(3);
    // The customer's indexes are among those it may ask (spec 001 §7).
    const usable = (await (await call(business, API_PATHS.indicesList)).json()) as { indices: string[] };
    expect(usable.indices).toEqual(expect.arrayContaining(made.map((index) => index.name)));

    for (const index of made) await removeIndex(business, index.name);
    expect(((await (await call(business, API_PATHS.libraryIndexes)).json()) as LibraryIndexes).indexes).toEqual([]);
  });

  test("two firms may both have «Contratti»; the same customer may not twice; a nameless index is refused", async () => {
    const mine = await newIndex(business, "Contratti");
    const theirs = await newIndex(other, "Contratti");
    expect(theirs.name).not.toBe(mine.name);
    const again = await call(business, API_PATHS.libraryIndexes, json({ label: "contratti" }));
    expect([again.status, await again.json()]).toEqual([409, { error: libraryMessages.sameLabel("contratti") }]);
    const empty = await call(business, API_PATHS.libraryIndexes, json({ label: "  " }));
    expect([empty.status, await empty.json()]).toEqual([400, { error: "Scrivi un nome per l'indice" }]);
    await removeIndex(business, mine.name);
    await removeIndex(other, theirs.name);
  });

  test("a plan below Business gets the RAG plan's refusal, on every route", async () => {
    const index = await newIndex(business, "Riservato");
    for (const [path, init] of [
      [API_PATHS.libraryIndexes, {}],
      [API_PATHS.libraryIndexes, json({ label: "Mio" })],
      [apiPath(API_PATHS.libraryDocuments, { name: index.name }), {}],
      [apiPath(API_PATHS.libraryIndex, { name: index.name }), { method: "DELETE" }],
    ] as const) {
      const response = await call(pro, path, init);
      expect([response.status, await response.json()]).toEqual([403, { error: ragMessages.planOnly }]);
    }
    await removeIndex(business, index.name);
  });

  test("another customer's index is answered as one that does not exist: 404, the same words, nothing done", async () => {
    const index = await newIndex(business, "Pratiche");
    expect((await upload(business, index.name, { "nota.md": "La pratica Ferretti scade a marzo." })).status).toBe(202);
    const [document] = (await settled(business, index.name)).documents;
    const attempts = [
      call(other, apiPath(API_PATHS.libraryDocuments, { name: index.name })),
      upload(other, index.name, { "intruso.md": "Testo estraneo." }),
      call(other, apiPath(API_PATHS.libraryDocument, { name: index.name, id: document!.id }), { method: "DELETE" }),
      call(other, apiPath(API_PATHS.libraryDocument, { name: index.name, id: document!.id }), {
        method: "PUT",
        body: filesForm({ "nota.md": "Sostituita." }),
      }),
      call(other, apiPath(API_PATHS.libraryIndex, { name: index.name }), { method: "DELETE" }),
      call(other, apiPath(API_PATHS.libraryDocuments, { name: "non-esiste" })),
    ];
    for (const response of await Promise.all(attempts))
      expect([response.status, await response.json()]).toEqual([404, { error: libraryMessages.indexNotFound }]);
    // The shared demo index is nobody's to change.
    const demo = await upload(business, DEMO_INDEX, { "nota.md": "Testo." });
    expect(demo.status).toBe(404);

    const list = await settled(business, index.name);
    expect(list.documents.map((row) => [row.path, row.state])).toEqual([["nota.md", "indexed"]]);
    await removeIndex(business, index.name);
  });
});

describe("documents", () => {
  test("files and a folder are uploaded, each answered with its id; each moves to 'Indicizzato' with its passages, or is refused with its reason", async () => {
    const index = await newIndex(business, "Studio");
    const word = await wordFile();
    const response = await upload(business, index.name, {
      "Contratti/2024/locazione.docx": word,
      "Contratti/nota.md": "# Nota sul cantiere\n\nIl cantiere di via Ghibellina apre il 9 marzo.",
      "vecchio.doc": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]),
      "foto.jpg": new Uint8Array([0xff, 0xd8, 0xff]),
    });
    expect(response.status).toBe(202);
    const answer = (await response.json()) as LibraryUpload;
    // A format that is not read is refused at once; an old Office name goes to the reader, which tells what it is.
    expect(answer.documents.map(({ path, state }) => [path, state])).toEqual([
      ["Contratti/2024/locazione.docx", "queued"],
      ["Contratti/nota.md", "queued"],
      ["vecchio.doc", "queued"],
      ["foto.jpg", "refused"],
    ]);
    expect(answer.documents[3]!.reason).toContain("«foto.jpg» non è stato indicizzato: formato non supportato");
    for (const document of answer.documents) expect(document.id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await settled(business, index.name);
    expect(list.documents.find((document) => document.path === "vecchio.doc")?.reason).toBe(
      ragMessages.documents.oldOfficeFormat("vecchio.doc", ".doc", "Word 97-2003", ".docx"),
    );
    expect(list.documents.map(({ path, state, format }) => [path, state, format])).toEqual([
      ["Contratti/2024/locazione.docx", "indexed", "docx"],
      ["Contratti/nota.md", "indexed", "md"],
      ["foto.jpg", "refused", "jpg"],
      ["vecchio.doc", "refused", "doc"],
    ]);
    // A refused file is listed with the size it had, though nothing of it was kept.
    expect(list.documents.find((document) => document.path === "foto.jpg")?.size).toBe(3);
    const row = list.documents[0]!;
    expect(row.passages).toBeGreaterThan(0);
    expect(row.first_passage).not.toBeNull();
    expect(row.size).toBe(word.byteLength);
    expect(list.index.documents).toBe(2);
    expect(list.index.bytes).toBeGreaterThan(0);
    // The source viewer opens at its first passage.
    const passage = await call(business, apiPath(API_PATHS.ragPassage, { chunkId: row.first_passage! }));
    expect(passage.status).toBe(200);

    expect(await citedFiles(business, index.name, "Qual è il canone mensile della Villa Serena?")).toContain(
      "Contratti/2024/locazione.docx",
    );
    expect(uploadsOnDisk()).toEqual([]);
    await removeIndex(business, index.name);
  });

  test("the same file sent twice replaces itself: one document, the same id", async () => {
    const index = await newIndex(business, "Doppio");
    const first = (await (
      await upload(business, index.name, { "orari.md": "La limonaia apre alle nove.", "serra.md": "La serra ospita trecento orchidee." })
    ).json()) as LibraryUpload;
    await settled(business, index.name);
    const second = (await (await upload(business, index.name, { "orari.md": "La limonaia apre alle dieci." })).json()) as LibraryUpload;
    expect(second.documents[0]!.id).toBe(first.documents[0]!.id);
    const list = await settled(business, index.name);
    expect(list.documents.map(({ path, state }) => [path, state])).toEqual([
      ["orari.md", "indexed"],
      ["serra.md", "indexed"],
    ]);
    const answer = await answerOf(business, index.name, "A che ora apre la limonaia?");
    expect(answer.sources[0]?.[0]?.filename).toBe("orari.md");
    expect(answer.text).toContain("dieci");
    expect(answer.text).not.toContain("nove");
    await removeIndex(business, index.name);
  });

  test("a file over what is left of the plan's space is refused by name before it is stored; the others go in", async () => {
    const index = await newIndex(business, "Pieno");
    // The customer's 100 MB are nearly used by another index of theirs.
    const full = await newIndex(business, "Archivio");
    const almost = 100 * 1024 * 1024 - 3000;
    await server.db.query("UPDATE rag_indexes SET bytes = $2 WHERE name = $1", [full.name, almost]);
    const response = await upload(business, index.name, {
      "breve.md": "Il portone si chiude alle venti.",
      "lungo.md": `Relazione tecnica. ${"Il muro di cinta è in pietra serena. ".repeat(200)}`,
    });
    const answer = (await response.json()) as LibraryUpload;
    expect(answer.documents.map(({ path, state }) => [path, state])).toEqual([
      ["breve.md", "queued"],
      ["lungo.md", "refused"],
    ]);
    expect(answer.documents[1]!.reason).toMatch(/^«lungo\.md» non è stato caricato: supera lo spazio rimasto del tuo piano \(/);
    const list = await settled(business, index.name);
    expect(list.documents.map(({ path, state }) => [path, state])).toEqual([
      ["breve.md", "indexed"],
      ["lungo.md", "refused"],
    ]);
    expect(list.index.documents).toBe(1);
    expect(uploadsOnDisk()).toEqual([]);
    await removeIndex(business, full.name);
    await removeIndex(business, index.name);
  });

  test("an upload cut halfway leaves nothing — no document, no file on disk — and sent again it is indexed", async () => {
    const index = await newIndex(business, "Interrotto");
    const boundary = "----oystar-taglio";
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="relazione.md"\r\nContent-Type: text/markdown\r\n\r\n`;
    await abortMidBody(server.url, {
      path: apiPath(API_PATHS.libraryDocuments, { name: index.name }),
      headers: { ...bearer(business), "Content-Type": `multipart/form-data; boundary=${boundary}` },
      declaredBytes: 200_000,
      sent: `${part}La relazione sul giardino d'inverno `,
    });
    // Once the server has seen the connection go, its part of a file is deleted…
    while (uploadsOnDisk().length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    // …and the list has nothing of it.
    let list = await settled(business, index.name);
    expect(list.documents).toEqual([]);
    expect(list.index.documents).toBe(0);

    expect((await upload(business, index.name, { "relazione.md": "La relazione sul giardino d'inverno è pronta." })).status).toBe(202);
    list = await settled(business, index.name);
    expect(list.documents.map(({ path, state }) => [path, state])).toEqual([["relazione.md", "indexed"]]);
    await removeIndex(business, index.name);
  });

  test("a replaced document answers with its new text only; a removed one is never cited again", async () => {
    const index = await newIndex(business, "Versioni");
    await upload(business, index.name, {
      "regolamento.md": "Il regolamento del condominio vieta i barbecue sul terrazzo.",
      "piscina.md": "La piscina condominiale apre a giugno e chiude a settembre.",
    });
    const list = await settled(business, index.name);
    const regulation = list.documents.find((document) => document.path === "regolamento.md")!;
    expect(await citedFiles(business, index.name, "Il regolamento vieta i barbecue sul terrazzo?")).toContain("regolamento.md");

    const replaced = await call(business, apiPath(API_PATHS.libraryDocument, { name: index.name, id: regulation.id }), {
      method: "PUT",
      body: filesForm({ "regolamento-2025.md": "Il regolamento del condominio consente le biciclette in cortile." }),
    });
    expect(replaced.status).toBe(202);
    expect(((await replaced.json()) as LibraryUpload).documents).toEqual([
      { id: regulation.id, path: "regolamento.md", state: "queued", reason: null },
    ]);
    await settled(business, index.name);
    expect(await citedFiles(business, index.name, "Il regolamento consente le biciclette in cortile?")).toEqual(["regolamento.md"]);
    expect(await citedFiles(business, index.name, "Sono vietati i barbecue sul terrazzo?")).not.toContain("regolamento.md");

    const pool = (await documentsOf(business, index.name)).documents.find((document) => document.path === "piscina.md")!;
    const removed = await call(business, apiPath(API_PATHS.libraryDocument, { name: index.name, id: pool.id }), { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await citedFiles(business, index.name, "Quando apre la piscina condominiale?")).toEqual([]);
    expect((await documentsOf(business, index.name)).documents.map((document) => document.path)).toEqual(["regolamento.md"]);
    const again = await call(business, apiPath(API_PATHS.libraryDocument, { name: index.name, id: pool.id }), { method: "DELETE" });
    expect([again.status, await again.json()]).toEqual([404, { error: libraryMessages.documentNotFound }]);
    await removeIndex(business, index.name);
  });

  test("refusals of the upload itself: no file, not multipart, two files for one document", async () => {
    const index = await newIndex(business, "Rifiuti");
    const none = await call(business, apiPath(API_PATHS.libraryDocuments, { name: index.name }), { method: "POST", body: new FormData() });
    expect(none.status).toBe(400);
    const plain = await call(business, apiPath(API_PATHS.libraryDocuments, { name: index.name }), {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "ciao",
    });
    expect([plain.status, await plain.json()]).toEqual([415, { error: libraryMessages.notMultipart }]);
    await upload(business, index.name, { "uno.md": "Primo documento di prova." });
    const [row] = (await settled(business, index.name)).documents;
    const two = await call(business, apiPath(API_PATHS.libraryDocument, { name: index.name, id: row!.id }), {
      method: "PUT",
      body: filesForm({ "a.md": "A", "b.md": "B" }),
    });
    expect([two.status, await two.json()]).toEqual([400, { error: libraryMessages.oneFileOnly }]);
    expect(uploadsOnDisk()).toEqual([]);
    await removeIndex(business, index.name);
  });
});
