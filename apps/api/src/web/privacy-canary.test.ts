import {
  API_PATHS,
  apiPath,
  LAST_EVENT_ID_HEADER,
  readModelStream,
  RESUMABLE_REQUEST_HEADER,
  STREAM_ID_HEADER,
  turnQuotesSchema,
} from "@oystar/api-client";
import { judgeCall, turnCall, type JudgedIntervention } from "@oystar/debate-engine";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { readAnswer, readEvents } from "../../test-support/rag-helpers";
import { scannedPdf } from "../../test-support/scanned-pdf";
import { signInAs } from "../dev-idp/dev-sign-in";
import { openDatabase, type Database } from "../db/database";
import { DEMO_INDEX } from "../rag";

// Issue 28 §6, DESIGN.md §7: the product's promise — no conversation content is stored or logged
// by the server. A unique string goes through the chat, a debate, a debate argued from documents
// to its judge, a RAG question and the passage it cites, answers held and resumed (issue 35 §2),
// and OCR (and their refusals); afterwards it is in no log line, no row of any table and no file under
// DATA_DIR or the embedded database's folder (persisted on disk, as `pnpm start` runs it).

const CANARY = `canarino${randomBytes(6).toString("hex")}`;
const logged: string[] = [];
let server: Awaited<ReturnType<typeof startTestServer>>;
let db: Database;
let dataDir: string;

/** Everything the process writes, as an operator's log collector would see it. */
function captureLogs() {
  const record = (stream: NodeJS.WriteStream) => {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logged.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    return () => {
      stream.write = write as typeof stream.write;
    };
  };
  const restores = [record(process.stdout), record(process.stderr)];
  /* eslint-disable no-console -- every console method is captured, whichever the server uses */
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
      original(...args);
    };
    restores.push(() => (console[level] = original));
  }
  /* eslint-enable no-console */
  return () => restores.forEach((restore) => restore());
}
let stopCapturing = () => {};

beforeAll(async () => {
  // Drawn before any request: a pause of seconds between requests lets the server close the
  // client's kept-alive connection just as it is reused (a reset that says nothing of privacy).
  scan = await scannedPdf([[`Codice ${CANARY}`]]);
  stopCapturing = captureLogs();
  // The embedded database persisted on disk, as `pnpm start` keeps it, so its files are scanned too.
  persistedDir = mkdtempSync(join(tmpdir(), "oystar-canary-db-"));
  db = await openDatabase({ dataDir: persistedDir });
  // Every log line written (LOG_LEVEL=debug) and the operator's metrics (issue 37 §5) are searched too.
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000", LOG_LEVEL: "debug", METRICS_PORT: "0" }, { db });
  dataDir = server.env.dataDir;
});
afterAll(async () => {
  stopCapturing();
  await server?.close();
  rmSync(persistedDir, { recursive: true, force: true });
});
let persistedDir = "";
let scan: Uint8Array;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const json = (token: string) => ({ ...bearer(token), "Content-Type": "application/json" });

/** Every file under `folder` that holds `needle`. */
function filesHolding(folder: string, needle: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    for (const entry of readdirSync(path)) {
      const child = join(path, entry);
      if (statSync(child).isDirectory()) walk(child);
      else if (readFileSync(child).includes(needle)) found.push(child);
    }
  };
  walk(folder);
  return found;
}

test("a unique string sent through every conversation is in no log, no table and no file", async () => {
  const pro = (await signInAs(server.url, "pro@oystar.test")).access_token;
  const business = (await signInAs(server.url, "business@oystar.test")).access_token;

  // The chat: a question, with a history, answered by the offline model; and a refused one.
  const chat = await fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: json(pro),
    body: JSON.stringify({
      model: "openai/gpt-oss-120b",
      messages: [
        { role: "user", content: `Ricordati ${CANARY}` },
        { role: "assistant", content: CANARY },
        { role: "user", content: `Che cosa è ${CANARY}?` },
      ],
    }),
  });
  for await (const delta of readModelStream(chat)) void delta;
  const refused = await fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: json(pro),
    body: JSON.stringify({ model: "non-esiste", messages: [{ role: "user", content: CANARY }] }),
  });
  expect(refused.status).toBe(400);

  // Issue 35 §2: answers the server holds — a chat answer and a RAG answer whose connections drop
  // after their first bytes, each taken up again where it stopped, to its end.
  for (const asked of [
    {
      path: "/groq/chat/completions",
      token: pro,
      body: { model: "openai/gpt-oss-120b", messages: [{ role: "user", content: `Tienila: ${CANARY}` }] },
    },
    {
      path: "/api/ask-stream",
      token: business,
      body: { question: `Dove sono le camelie? ${CANARY}`, chat_history: [{ role: "user", content: CANARY }] },
    },
  ]) {
    const dropped = new AbortController();
    const first = await fetch(`${server.url}${asked.path}`, {
      method: "POST",
      headers: { ...json(asked.token), [RESUMABLE_REQUEST_HEADER]: "1" },
      body: JSON.stringify(asked.body),
      signal: dropped.signal,
    });
    const streamId = first.headers.get(STREAM_ID_HEADER);
    expect(streamId).toBeTruthy();
    await first.body!.getReader().read();
    dropped.abort();
    const resumed = await fetch(`${server.url}${apiPath(API_PATHS.answerStream, { streamId: streamId! })}`, {
      headers: { ...bearer(asked.token), [LAST_EVENT_ID_HEADER]: "1" },
    });
    expect(resumed.status).toBe(200);
    expect(await resumed.text()).toMatch(/\[DONE\]|event: end/);
  }

  // A debate: its theses and an intervention carry the string.
  const { debate_id } = (await (await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: bearer(pro) })).json()) as {
    debate_id: string;
  };
  for (const turn of [0, 1]) {
    const call = turnCall({
      debateId: debate_id,
      mode: "debate",
      topic: `${CANARY} contro aereo`,
      options: { A: CANARY, B: "aereo" },
      models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
      length: 6,
      provider: "cloud",
      history: turn === 0 ? [] : [{ speaker: "A", turn: 0, content: `Il ${CANARY} vince.` }],
      turn,
    });
    const answer = await fetch(`${server.url}${API_PATHS.debateCalls}`, { method: "POST", headers: json(pro), body: JSON.stringify(call) });
    for await (const delta of readModelStream(answer)) void delta;
  }

  // A RAG question on the demo index, with a history.
  const rag = await readAnswer(
    await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: json(business),
      body: JSON.stringify({
        question: `Per chi fu costruita Villa Aurora? ${CANARY}`,
        chat_history: [
          { role: "user", content: CANARY },
          { role: "assistant", content: CANARY },
        ],
      }),
    }),
  );
  expect(rag.error).toBeNull();
  // The source viewer: the passage the answer rests on.
  const cited = rag.sources.at(-1)?.[0];
  expect(cited).toBeDefined();
  expect(
    (await fetch(`${server.url}${apiPath(API_PATHS.ragPassage, { chunkId: cited!.chunkId })}`, { headers: bearer(business) })).status,
  ).toBe(200);

  // A debate argued from the demo index, to both runs of its judge: its theses carry the string.
  const { debate_id: documentsDebate } = (await (
    await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: bearer(business) })
  ).json()) as { debate_id: string };
  const facts = {
    debateId: documentsDebate,
    mode: "debate" as const,
    topic: `Le siepi ${CANARY} contro i prati`,
    options: { A: `Le siepi ${CANARY}`, B: "I prati" },
    models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
    length: 6,
    provider: "cloud" as const,
    documents: DEMO_INDEX,
  };
  const judged: JudgedIntervention[] = [];
  for (let turn = 0; turn < 6; turn += 1) {
    const history = judged.map(({ speaker, turn: said, content }) => ({ speaker, turn: said, content }));
    const answer = await fetch(`${server.url}${API_PATHS.debateCalls}`, {
      method: "POST",
      headers: json(business),
      body: JSON.stringify(turnCall({ ...facts, history, turn })),
    });
    expect(answer.status).toBe(200);
    const events = await readEvents(answer);
    const words = events
      .filter((event) => event.event === "message" && event.data !== "[DONE]")
      .map((event) => (JSON.parse(event.data) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? "")
      .join("");
    const quotes = turnQuotesSchema.parse(JSON.parse(events.find((event) => event.event === "debate-quotes")?.data ?? "{}"));
    judged.push({
      speaker: turn % 2 === 0 ? "A" : "B",
      turn,
      content: words,
      quotes: { statuses: quotes.quotes.map((quote) => quote.status), seal: quotes.seal },
    });
  }
  for (const run of [1, 2] as const) {
    const verdict = await fetch(`${server.url}${API_PATHS.debateCalls}`, {
      method: "POST",
      headers: json(business),
      body: JSON.stringify(judgeCall({ ...facts, history: judged, judge: "llama-3.3-70b-versatile" }, run)),
    });
    expect(verdict.status).toBe(200);
    for await (const delta of readModelStream(verdict)) void delta;
  }

  // OCR of a scanned page that shows it.
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(scan)], { type: "application/pdf" }), `${CANARY}.pdf`);
  const ocr = await fetch(`${server.url}/api/ocr/extract-pdf`, { method: "POST", headers: bearer(business), body: form });
  expect(ocr.status).toBe(200);

  // None of it stayed: not in the log (whose request lines were written) nor in the metrics.
  expect(logged.some((line) => line.includes('"route":"/api/ask-stream"'))).toBe(true);
  expect(logged.filter((line) => line.includes(CANARY))).toEqual([]);
  const metrics = await (await fetch(server.metricsUrl ?? "")).text();
  expect(metrics).toContain("oystar_http_requests_total");
  expect(metrics).not.toContain(CANARY);
  const tables = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const rows = await db.query(`SELECT * FROM "${name}"`);
    if (rows.some((row) => JSON.stringify(row).includes(CANARY))) holding.push(name);
  }
  expect(holding).toEqual([]);
  await db.query("CHECKPOINT");
  expect([...filesHolding(dataDir, CANARY), ...filesHolding(persistedDir, CANARY)]).toEqual([]);
}, 180_000);
