// The sse-load benchmark's model (issue 37 §1): an OpenAI-compatible chat-completions server on
// loopback, in a process of its own, that streams every answer as LOOPBACK_EVENTS events one every
// LOOPBACK_EVENT_MS (150 × 100 ms: 15 s, as a real model streams), then `data: [DONE]`. The first
// event goes at once, so a relay's first byte is the relay's own time. It tells its parent its
// port over IPC. Cheap by design: one timer wheel for all answers, so what is measured is the
// relay, not this.
import { createServer } from "node:http";

const EVENTS = Number(process.env.LOOPBACK_EVENTS ?? 150);
const EVENT_MS = Number(process.env.LOOPBACK_EVENT_MS ?? 100);
/** The wheel's resolution: an answer's events go at most this late. */
const SLOT_MS = Math.min(10, EVENT_MS);
const SLOTS = Math.max(1, Math.round(EVENT_MS / SLOT_MS));

const created = Math.floor(Date.now() / 1000);
const words = "Il modello di prova scrive una parola alla volta , come fa un vero modello quando risponde .".split(" ");
/** One chunk of the answer, as Groq's OpenAI endpoint frames it (~220 bytes). */
const chunk = (id, index) =>
  `data: ${JSON.stringify({
    id,
    object: "chat.completion.chunk",
    created,
    model: "openai/gpt-oss-120b",
    system_fingerprint: "fp_loopback",
    choices: [{ index: 0, delta: { content: `${words[index % words.length]} ` }, logprobs: null, finish_reason: null }],
  })}\n\n`;
const last = (id) =>
  `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: "openai/gpt-oss-120b", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`;

/** The answers being written, by the wheel slot their next event is due in. */
const wheel = Array.from({ length: SLOTS }, () => new Set());
let slot = 0;
let answered = 0;

function writeNext(answer) {
  answer.sent += 1;
  // The last content event and the end go together: EVENTS events, then [DONE].
  if (answer.sent >= EVENTS) {
    answer.response.end(chunk(answer.id, answer.sent - 1) + last(answer.id));
    return false;
  }
  answer.response.write(chunk(answer.id, answer.sent - 1));
  return true;
}

setInterval(() => {
  slot = (slot + 1) % SLOTS;
  const due = wheel[slot];
  for (const answer of due) if (!writeNext(answer)) due.delete(answer);
}, SLOT_MS);

const server = createServer((request, response) => {
  if (request.method !== "POST" || !request.url.endsWith("/chat/completions")) {
    response.writeHead(404).end();
    return;
  }
  request.resume();
  request.once("end", () => {
    answered += 1;
    const answer = { id: `chatcmpl-${answered}`, sent: 0, response };
    response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    if (!writeNext(answer)) return;
    const home = wheel[slot];
    home.add(answer);
    response.once("close", () => home.delete(answer));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
// The parent gone, this goes too: a benchmark leaves nothing running.
process.on("disconnect", () => process.exit(0));
