import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../../test-support/fixtures";
import { bearer, privateIndex, readAnswer, userIdOf } from "../../../test-support/rag-helpers";
import { signInAs } from "../../dev-idp/dev-sign-in";

// Issue 49 §4–§5 over HTTP, offline and with a model (a fake OpenAI-compatible upstream): the
// sources name the article as lawyers cite it, the model reads it so, and an article the index
// does not hold is said to be missing by its citation.

const DOCUMENTS = {
  "costituzione-art-21.txt":
    "Art. 21\n1. Tutti hanno diritto di manifestare liberamente il proprio pensiero con la parola, lo scritto e ogni altro mezzo di diffusione.\n2. La stampa non può essere soggetta ad autorizzazioni o censure.",
  "costituzione-art-2.txt":
    "Art. 2\nLa Repubblica riconosce e garantisce i diritti inviolabili dell'uomo, sia come singolo sia nelle formazioni sociali.",
  "dlgs-196-2003-art-2-septies.txt":
    "Art. 2-septies. (Misure di garanzia per il trattamento dei dati genetici, biometrici e relativi alla salute)\nI dati genetici, biometrici e relativi alla salute possono essere oggetto di trattamento in presenza di una delle condizioni di cui al paragrafo 2 dell'articolo 9 del Regolamento.",
  "legge-241-1990-art-21.txt":
    "Art. 21\nCon la segnalazione o con la domanda di autorizzazione l'interessato deve dichiarare la sussistenza dei presupposti.",
  "note-costi.txt": "Il costo del personale e i costi di gestione sono cresciuti: vedi la tabella 21 dei costi.",
};

let prompts: string[] = [];
let systemPrompts: string[] = [];
function fakeUpstream(req: IncomingMessage, res: ServerResponse) {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    const body = JSON.parse(raw) as { stream?: boolean; messages: Array<{ role: string; content: string }> };
    prompts.push(body.messages.at(-1)?.content ?? "");
    systemPrompts.push(body.messages.find((message) => message.role === "system")?.content ?? "");
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "La stampa non può essere soggetta a censure [1]." } }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
}

let offline: Awaited<ReturnType<typeof startTestServer>>;
let withModel: Awaited<ReturnType<typeof startTestServer>>;
let upstream: Server;
const tokens = new Map<string, string>();

beforeAll(async () => {
  upstream = createServer(fakeUpstream);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  offline = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
  withModel = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1` });
  for (const server of [offline, withModel]) {
    tokens.set(server.url, (await signInAs(server.url, "business@oystar.test")).access_token);
    await privateIndex(server.db, "atti-studio", await userIdOf(server.db, "business@oystar.test"), DOCUMENTS);
  }
}, 120_000);
afterAll(async () => {
  await offline.close();
  await withModel.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

type HistoryMessage = { role: string; content: string; cited?: string[] };

function askRequest(server: { url: string }, question: string, history: HistoryMessage[]) {
  return fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(tokens.get(server.url)!) },
    body: JSON.stringify({ question, index_names: ["atti-studio"], use_cache: false, chat_history: history }),
  });
}

async function ask(server: { url: string }, question: string, history: HistoryMessage[] = []) {
  const response = await askRequest(server, question, history);
  expect(response.status).toBe(200);
  return readAnswer(response);
}

describe("sources cite the article as lawyers cite it", () => {
  test.each([
    ["art. 21 Cost.", "costituzione-art-21.txt", "Art. 21 — Costituzione"],
    ["art. 21, comma 2, Cost.", "costituzione-art-21.txt", "Art. 21, comma 2 — Costituzione"],
    ["art. 2 septies codice privacy", "dlgs-196-2003-art-2-septies.txt", "Art. 2-septies — D.Lgs. 196/2003"],
  ])("«%s»", async (question, filename, label) => {
    const answer = await ask(offline, question);
    const first = answer.sources[0]![0]!;
    expect([first.filename, first.reference]).toEqual([filename, label]);
    expect(answer.sources.at(-1)!.find((source) => source.filename === filename)?.reference).toBe(label);
    expect(answer.sources.flat().find((source) => source.filename === "note-costi.txt")?.reference).toBeUndefined();
  });

  test("the source viewer names the article of the passage it shows", async () => {
    const answer = await ask(offline, "art. 2 septies codice privacy");
    const { chunkId } = answer.sources.at(-1)![0]!;
    const response = await fetch(`${offline.url}/api/rag/passages/${chunkId}`, { headers: bearer(tokens.get(offline.url)!) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { reference?: string }).reference).toBe("Art. 2-septies — D.Lgs. 196/2003");
  });

  test("the model reads each source under its article, and is asked to name the article it cites", async () => {
    prompts = [];
    systemPrompts = [];
    const answer = await ask(withModel, "art. 21, comma 2, Cost.");
    expect(answer.ended).toBe(true);
    expect(prompts.at(-1)).toMatch(/^\[1\] Art\. 21, comma 2 — Costituzione \(costituzione-art-21\)\nArt\. 21\n/m);
    expect(systemPrompts.at(-1)).toContain("nomina l'articolo nella frase che la cita");
  });
});

test("'art. 21' alone: the act the conversation is about, else the act the index holds most of", async () => {
  const alone = await ask(offline, "art. 21");
  expect(alone.sources.at(-1)![0]!.reference).toBe("Art. 21 — Costituzione");
  const history = [
    { role: "user", content: "Come funziona la SCIA nella legge 241/1990?" },
    { role: "assistant", content: "La segnalazione certificata di inizio attività…" },
  ];
  const inConversation = await ask(offline, "art. 21", history);
  expect(inConversation.sources.at(-1)![0]!.reference).toBe("Art. 21 — L. 241/1990");
});

test("'art. 21' alone after an answer that cited a law: that law's article, as the server's index says", async () => {
  const earlier = await ask(offline, "art. 21 l. 241/1990");
  const cited = earlier.sources
    .at(-1)!
    .filter((source) => source.support?.cited)
    .map((source) => source.chunkId);
  expect(earlier.sources.at(-1)!.find((source) => source.support?.cited)?.reference).toBe("Art. 21 — L. 241/1990");
  const history = (ids: string[]) => [
    { role: "user", content: "Cosa dice sulla segnalazione?" },
    { role: "assistant", content: earlier.text, cited: ids },
  ];
  const after = await ask(offline, "art. 21", history(cited));
  expect(after.sources.at(-1)![0]!.reference).toBe("Art. 21 — L. 241/1990");
  // A passage the index does not hold names no act: the index's own preference stands.
  const madeUp = await ask(offline, "art. 21", history(["987654321"]));
  expect(madeUp.sources.at(-1)![0]!.reference).toBe("Art. 21 — Costituzione");
  const refused = await askRequest(offline, "art. 21", history(["1; DROP TABLE rag_chunks"]));
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { error: string }).error).toBe("Cronologia: identificativo di un passaggio citato non valido");
});

describe("an article the index does not hold", () => {
  test.each([
    ["offline", () => offline],
    ["with a model", () => withModel],
  ])("is said to be missing, by its citation (%s)", async (_, server) => {
    prompts = [];
    const answer = await ask(server(), "Cosa prevede l'art. 2043 c.c.?");
    expect(answer.text).toBe("L'art. 2043 c.c. non è tra i documenti dell'indice.");
    expect(answer.sources.at(-1)).toEqual([]);
    expect(prompts).toEqual([]);
    const other = await ask(server(), "art. 22 Cost.");
    expect(other.text).toBe("L'art. 22 Cost. non è tra i documenti dell'indice.");
  });

  test("an article the documents hold is answered, not said missing, each quote under its article", async () => {
    const answer = await ask(offline, "art. 2 Cost.");
    expect(answer.text).not.toContain("non è tra i documenti");
    expect(answer.text).toContain("- Art. 2 — Costituzione: Art. 2 La Repubblica riconosce");
    expect(answer.sources.at(-1)![0]!.filename).toBe("costituzione-art-2.txt");
  });
});
