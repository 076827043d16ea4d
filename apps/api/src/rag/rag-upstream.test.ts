import { DEFAULT_RAG_SYSTEM_PROMPT } from "@oystar/api-client";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { ragMessages } from "./messages";
import { startTestServer } from "../../test-support/fixtures";
import { bearer, citationNumbers, readAnswer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// The RAG engine with a language model: a fake OpenAI-compatible upstream over real HTTP (the
// only double: a third party). It reads the numbered sources of the prompt and answers from
// them — correctly, with a planted wrong citation, or not at all.

type Behaviour =
  "cite-correctly" | "cite-last-first" | "say-not-in-documents" | "plant-wrong-citation" | "plant-and-write-note" | "fail-500" | "slow";
let behaviour: Behaviour = "cite-correctly";
let answerCalls = 0;
let sideCalls: string[] = [];
let lastAnswerBody: {
  model: string;
  temperature: number;
  top_p: number;
  max_tokens: number;
  messages: Array<{ role: string; content: string }>;
} | null = null;
let upstreamClosed: Promise<void> = Promise.resolve();
let markClosed = () => {};
let upstream: Server;

type PromptSource = { number: number; title: string; text: string };

/** The numbered sources of the engine's prompt: `[n] (title, p. N)` then the passage. */
function sourcesOfPrompt(prompt: string): PromptSource[] {
  const block = prompt.slice(prompt.indexOf("Documenti:\n") + 11, prompt.indexOf("\n\nCita ogni"));
  return block.split(/\n\n(?=\[\d+\] \()/).map((entry) => {
    const header = /^\[(\d+)\] \((.*?)\)\n/.exec(entry);
    return { number: Number(header?.[1]), title: header?.[2] ?? "", text: entry.slice(header?.[0].length ?? 0) };
  });
}

const firstSentence = (text: string) => /[^.!?]*\p{Lu}[^.!?]{20,}[.!?]/u.exec(text.replace(/^#.*$/gm, ""))?.[0].trim() ?? text.slice(0, 80);
const cited = (sentence: string, number: number) => `${sentence.replace(/[.!?]$/, "")} [${number}].`;

function answerFor(prompt: string): string {
  const sources = sourcesOfPrompt(prompt);
  const first = sources[0]!;
  const elsewhere = sources.find((source) => source.title !== first.title) ?? sources.at(-1)!;
  const right = [cited(firstSentence(first.text), first.number), cited(firstSentence(elsewhere.text), elsewhere.number)];
  if (behaviour === "cite-correctly") return right.join(" ");
  // The last source cited first: the reader still reads [1] first.
  if (behaviour === "cite-last-first") return [cited(firstSentence(sources.at(-1)!.text), sources.at(-1)!.number), right[0]].join(" ");
  if (behaviour === "say-not-in-documents") return ragMessages.notInDocuments;
  // The second sentence comes from the first source but cites a document about something else.
  const wrong = [right[0], cited(firstSentence(elsewhere.text), first.number), cited(firstSentence(first.text), elsewhere.number)];
  if (behaviour === "plant-and-write-note") return `${wrong.join(" ")}\n\n${ragMessages.citationWarning}`;
  return wrong.join(" ");
}

function fakeUpstream(req: IncomingMessage, res: ServerResponse) {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    const body = JSON.parse(raw) as { stream?: boolean; messages: Array<{ role: string; content: string }> };
    const prompt = body.messages.at(-1)?.content ?? "";
    if (body.stream === false) {
      sideCalls.push(prompt.startsWith("Riformula") ? "variations" : "hyde");
      const content = prompt.startsWith("Riformula")
        ? "Quando fu costruita Villa Aurora?\nChi fece costruire Villa Aurora?"
        : "Villa Aurora è una villa con giardino a terrazze.";
      return res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
    }
    answerCalls += 1;
    lastAnswerBody = body as typeof lastAnswerBody;
    if (behaviour === "fail-500") return res.writeHead(500).end("boom");
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.on("close", () => markClosed());
    if (behaviour === "slow") {
      const timer = setInterval(() => res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "." } }] })}\n\n`), 20);
      res.on("close", () => clearInterval(timer));
      return;
    }
    for (const word of answerFor(prompt).split(/(?<= )/))
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: word } }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
}

let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;
beforeAll(async () => {
  upstream = createServer(fakeUpstream);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1` });
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  behaviour = "cite-correctly";
  answerCalls = 0;
  sideCalls = [];
  upstreamClosed = new Promise((resolve) => (markClosed = resolve));
});

const ask = (body: unknown, signal?: AbortSignal) =>
  fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(business) },
    body: JSON.stringify(body),
    signal,
  });
const queriesUsed = async () =>
  ((await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(business) })).json()) as { queries_used: number })
    .queries_used;
const warnings = (text: string) => text.split(ragMessages.citationWarning).length - 1;

test("the model gets the numbered sources, the RAG prompt and preset, and the history", async () => {
  const history = [
    { role: "user", content: "Parlami delle ville." },
    { role: "assistant", content: "Volentieri." },
  ];
  const answer = await readAnswer(await ask({ question: "Quante fontane ha Villa Aurora?", chat_history: history, use_cache: false }));
  expect(answer.ended).toBe(true);
  expect(lastAnswerBody).toMatchObject({ model: "openai/gpt-oss-120b", temperature: 0.3, top_p: 0.8, max_tokens: 3000 });
  const messages = lastAnswerBody?.messages ?? [];
  expect(messages[0]).toEqual({ role: "system", content: DEFAULT_RAG_SYSTEM_PROMPT });
  expect(messages.slice(1, 3)).toEqual(history);
  expect(messages[3]?.content).toContain("[1] (Villa Aurora a Castelnuovo)");
  expect(messages[3]?.content).toContain("Domanda: Quante fontane ha Villa Aurora?");
  expect(answer.text).toMatch(/\[1\]\./);
});

test("correct citations: no warning; a source that answers the question is trusted, a sentence copied from an off-topic one is not", async () => {
  const answer = await readAnswer(await ask({ question: "Quante fontane ha Villa Aurora?", use_cache: false }));
  expect(warnings(answer.text)).toBe(0);
  const final = answer.sources.at(-1) ?? [];
  // Both sentences are the passages' own words; only Villa Aurora's answers the question (issue 23 §4).
  const aurora = final.find((source) => source.support?.cited && source.filename === "villa-aurora.md");
  const elsewhere = final.find((source) => source.support?.cited && source.filename !== "villa-aurora.md");
  expect(aurora?.support?.confidence).toBeGreaterThan(0.8);
  expect(elsewhere?.support?.confidence).toBeLessThan(0.5);
});

test("citations are numbered by document in the order the answer first cites them; every passage is listed under its number", async () => {
  behaviour = "cite-last-first";
  const answer = await readAnswer(await ask({ question: "Quante fontane ha Villa Aurora?", use_cache: false }));
  const shown = [...new Set(citationNumbers(answer.text))];
  expect(shown).toEqual([1, 2]);
  const prompt = sourcesOfPrompt(lastAnswerBody?.messages.at(-1)?.content ?? "");
  const final = answer.sources.at(-1) ?? [];
  // [1] is the document of the prompt's last passage, cited first.
  expect(final.filter((source) => source.noteNumber === 1 && source.support?.cited).map((source) => source.title)).toContain(
    prompt.at(-1)?.title,
  );
  // One number per document, every passage of the prompt listed once, sorted by number.
  expect(final).toHaveLength(prompt.length);
  const numberOf = new Map<string, number>();
  for (const source of final) {
    expect(numberOf.get(source.filename) ?? source.noteNumber).toBe(source.noteNumber);
    numberOf.set(source.filename, source.noteNumber);
    expect(source.excerpt?.length).toBeGreaterThan(20);
  }
  expect(new Set(numberOf.values()).size).toBe(numberOf.size);
  expect(final.map((source) => source.noteNumber)).toEqual(
    [...final.map((source) => source.noteNumber)].sort((left, right) => left - right),
  );
});

test("the prompt asks the model to say when the documents do not answer; when it does, no source is listed", async () => {
  behaviour = "say-not-in-documents";
  const answer = await readAnswer(await ask({ question: "Quante fontane ha Villa Aurora?", use_cache: false }));
  expect(lastAnswerBody?.messages.at(-1)?.content).toContain(
    "Se non contengono la risposta, rispondi soltanto: Non ho trovato questa informazione nei documenti dell'indice.",
  );
  expect(answer.text).toBe("Non ho trovato questa informazione nei documenti dell'indice.");
  expect(answer.sources.at(-1)).toEqual([]);
  expect(warnings(answer.text)).toBe(0);
});

test("a question the documents cannot answer never reaches the model: 'not in the documents', no sources, one query", async () => {
  const before = await queriesUsed();
  const answer = await readAnswer(await ask({ question: "Qual è il prezzo del biglietto aereo Roma-Tokyo?", use_cache: false }));
  expect(answerCalls).toBe(0);
  expect(answer.text).toBe("Non ho trovato questa informazione nei documenti dell'indice.");
  expect(answer.sources).toEqual([[]]);
  expect(answer.ended).toBe(true);
  expect(await queriesUsed()).toBe(before + 1);
});

test("a planted wrong citation gives exactly one warning note", async () => {
  behaviour = "plant-wrong-citation";
  const answer = await readAnswer(await ask({ question: "Quante fontane ha Villa Aurora?", use_cache: false }));
  expect(warnings(answer.text)).toBe(1);
  expect(answer.text.trimEnd().endsWith(ragMessages.citationWarning)).toBe(true);
  // The source cited for the other document's sentence has a low confidence.
  const final = answer.sources.at(-1) ?? [];
  expect(Math.min(...final.flatMap((source) => (source.support?.confidence == null ? [] : [source.support.confidence])))).toBeLessThan(0.6);
});

test("a note the model wrote itself is not repeated", async () => {
  behaviour = "plant-and-write-note";
  const answer = await readAnswer(await ask({ question: "Quante fontane ha Villa Aurora?", use_cache: false }));
  expect(warnings(answer.text)).toBe(1);
});

test("validation off: no note, no confidence", async () => {
  behaviour = "plant-wrong-citation";
  const answer = await readAnswer(
    await ask({ question: "Quante fontane ha Villa Aurora?", use_cache: false, enable_citation_validation: false }),
  );
  expect(warnings(answer.text)).toBe(0);
  expect(answer.sources.every((list) => list.every((source) => source.support?.confidence == null))).toBe(true);
  // The final list still says which passages the answer cites.
  expect(answer.sources.at(-1)?.some((source) => source.support?.cited)).toBe(true);
});

test("a model failure gives the spec's error event and the query back", async () => {
  behaviour = "fail-500";
  const before = await queriesUsed();
  const answer = await readAnswer(await ask({ question: "Quante fontane ha Villa Aurora?", use_cache: false }));
  expect(answer.error).toBe("Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova.");
  expect(answer.ended).toBe(false);
  expect(answer.text).toBe("");
  expect(await queriesUsed()).toBe(before);
});

test("a client that goes away stops the model at once", async () => {
  behaviour = "slow";
  const abort = new AbortController();
  const response = await ask({ question: "Quante fontane ha Villa Aurora?", use_cache: false }, abort.signal);
  const reader = response.body!.getReader();
  let text = "";
  while (!text.includes('"chunk"')) text += new TextDecoder().decode((await reader.read()).value);
  abort.abort();
  await upstreamClosed;
});

test("the same request within the cache's life is answered from the cache; use_cache false asks the model", async () => {
  const question = { question: "Quanto è alto il getto della Fontana del Tritone?", cache_ttl_seconds: 600 };
  const first = await readAnswer(await ask(question));
  const second = await readAnswer(await ask(question));
  expect(answerCalls).toBe(1);
  expect(second.text).toBe(first.text);
  expect(second.sources.at(-1)).toEqual(first.sources.at(-1));
  // A different knob is a different request.
  await readAnswer(await ask({ ...question, top_k_reranker_final: 3 }));
  expect(answerCalls).toBe(2);
  await readAnswer(await ask({ ...question, use_cache: false }));
  expect(answerCalls).toBe(3);
});

test("multi-query and HyDE ask the model for variations and a hypothetical passage", async () => {
  const answer = await readAnswer(
    await ask({ question: "Chi costruì Villa Aurora?", use_multi_query: true, max_query_variations: 2, use_hyde: true, use_cache: false }),
  );
  expect(answer.ended).toBe(true);
  expect(sideCalls.sort()).toEqual(["hyde", "variations"]);
  expect(answer.sources[0]?.[0]?.filename).toBe("villa-aurora.md");
});
