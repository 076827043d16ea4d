import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { startTestServer } from "./fixtures";

// A fake OpenAI-compatible model server over real HTTP (the only double: a third party), for the
// tests of the road every call to the model takes (llm/model-answer.ts). A test says how the model
// treats the next calls and watches what it heard; every wait is for an event, never a time.

/** How the model treats a call. */
export type ModelBehaviour =
  | "answer"
  /** spec 001 §7: the answer in local-style lines, {response, done}. */
  | "answer-local-style"
  /** The answer's head, then nothing, until hung up on. */
  | "headers-then-silent"
  /** Takes the call and sends nothing at all, until hung up on. */
  | "never-answers"
  | "fail-500"
  | "close-before-first-token"
  | "reset-every-connection"
  /** The first call sent on a kept-alive connection is reset before it is read (the model server closed it idle). */
  | "reset-first-reused-connection";

export type ChatBody = { stream?: boolean; max_tokens?: number; messages?: Array<{ role: string; content: string }> };

/** RAG's demo answer, citing its only passage. */
export const ANSWER = "Villa Aurora ha dodici fontane [1].";

/** The model's words for a call: RAG's variations (multi-query) and hypothetical passage (HyDE), else ANSWER. */
export function demoWords(body: ChatBody): string {
  const user = body.messages?.findLast((message) => message.role === "user")?.content ?? "";
  if (user.startsWith("Riformula")) return "Quante fontane ci sono a Villa Aurora?";
  if (user.startsWith("Scrivi un breve paragrafo")) return "Villa Aurora ha un giardino con fontane.";
  return ANSWER;
}

export type ModelServer = Awaited<ReturnType<typeof startModelServer>>;

/** The model server, on a free local port; `words` writes each answer. */
export async function startModelServer(words: (body: ChatBody) => string = demoWords) {
  const servedSockets = new WeakSet<Socket>();
  const model = {
    /** How streamed calls (a question's answer, a debate's call) are treated. */
    answering: "answer" as ModelBehaviour,
    /** How calls not streamed (RAG's multi-query and HyDE) are treated. */
    helping: "answer" as ModelBehaviour,
    heard: { answers: 0, helpers: 0 },
    resets: 0,
    /** The words of the last answer, as the model wrote them. */
    lastWords: "",
    /** This test's calls still open on the model server (their connections not closed yet). */
    openCalls: new Set<ServerResponse>(),
    /** Back to answering everything, with nothing heard: for each test. */
    forget() {
      model.answering = "answer";
      model.helping = "answer";
      model.heard = { answers: 0, helpers: 0 };
      model.resets = 0;
      model.lastWords = "";
      model.openCalls = new Set();
    },
  };

  function serve(req: IncomingMessage, res: ServerResponse, raw: string, reused: boolean) {
    const body = JSON.parse(raw || "{}") as ChatBody;
    // The server's health probe is no question.
    if (body.max_tokens === 1)
      return res.writeHead(200, { "Content-Type": "application/json" }).end('{"choices":[{"message":{"content":"ok"}}]}');
    const helper = body.stream === false;
    const behaviour = helper ? model.helping : model.answering;
    if (behaviour === "reset-every-connection" || (behaviour === "reset-first-reused-connection" && reused && model.resets === 0)) {
      model.resets += 1;
      return req.socket.resetAndDestroy();
    }
    if (helper) model.heard.helpers += 1;
    else model.heard.answers += 1;
    const open = model.openCalls;
    open.add(res);
    res.on("close", () => open.delete(res));
    if (behaviour === "never-answers") return;
    if (behaviour === "fail-500") return res.writeHead(500).end("boom");
    res.writeHead(200, { "Content-Type": helper ? "application/json" : "text/event-stream" });
    if (behaviour === "headers-then-silent") return res.flushHeaders();
    if (behaviour === "close-before-first-token") {
      res.flushHeaders();
      return res.destroy();
    }
    const content = words(body);
    if (helper) return res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
    model.lastWords = content;
    if (behaviour === "answer-local-style")
      return res.end(`${JSON.stringify({ response: content, done: false })}\n${JSON.stringify({ response: "", done: true })}\n`);
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  }

  const server = createServer((req, res) => {
    const reused = servedSockets.has(req.socket);
    servedSockets.add(req.socket);
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => serve(req, res, raw, reused));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(model, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * Two API servers asking one model server: `guarded` with a first-token guard of 300 ms (a silent
 * model fails quickly), `patient` with the product's 30 s (nothing waits for it).
 */
export async function guardedAndPatientServers(modelServer: { baseUrl: string }, env: Record<string, string> = {}) {
  const shared = { ...env, LLM_BASE_URL: modelServer.baseUrl };
  const [guarded, patient] = await Promise.all([
    startTestServer({ ...shared, LLM_FIRST_TOKEN_TIMEOUT_MS: "300" }),
    startTestServer(shared),
  ]);
  return { guarded, patient, close: () => Promise.all([guarded.close(), patient.close()]) };
}
