// The chat's streaming path, measured in Chromium against the real built product (DESIGN.md §11;
// issue 5). A fake OpenAI-compatible upstream runs in this process and the product uses it as its
// LLM (LLM_BASE_URL). Two figures:
//  1. Time to first token through the gateway (sign-in check, quota charge, validation, proxying)
//     against calling the fake upstream directly, alternating, in one run: p50/p95 and the
//     difference. Budget: under 5 ms added at p50.
//  2. Main-thread long tasks on /chat while a 4,000-token answer streams at 200 tokens/s into a
//     50-message conversation. Budget: no long task over 50 ms.
// Run after `pnpm build`. Not a test: it prints, ending with one JSON line.
import { createServer } from "node:http";
import { freePort, launchChromium, quantile, startProduct } from "./support/product.mjs";

const TTFT_SAMPLES = 200;
const LONG_ANSWER_TOKENS = 4000;
const TOKENS_PER_SECOND = 200;
const LONG_QUESTION = "Scrivi la relazione lunga";

// ---- The fake upstream ------------------------------------------------------------------------
const sse = (content) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** Token i of a long, Markdown-rich answer: paragraphs, lists, code, emphasis. */
function longAnswerToken(index) {
  if (index % 400 === 399) return "\n\n```ts\nconst totale = voci.reduce((somma, voce) => somma + voce.importo, 0);\n```\n\n";
  if (index % 120 === 119) return "\n\n## Sezione\n\n";
  if (index % 60 === 59) return "\n\n- ";
  if (index % 25 === 24) return " **importante**";
  return index % 12 === 11 ? " parola." : " parola";
}

const upstream = createServer(async (request, response) => {
  response.setHeader("Access-Control-Allow-Origin", "*");
  if (request.method === "GET" && request.url === "/") {
    // A blank page on the upstream's origin: direct calls are measured from it, same-origin, as
    // the gateway's are from the product's page (whose CSP rightly forbids other origins).
    response.writeHead(200, { "Content-Type": "text/html" });
    return response.end("<!doctype html><title>upstream</title>");
  }
  if (request.method === "GET" && request.url.endsWith("/models")) {
    response.writeHead(200, { "Content-Type": "application/json" });
    return response.end(JSON.stringify({ object: "list", data: [{ id: "openai/gpt-oss-120b", object: "model" }] }));
  }
  let raw = "";
  for await (const chunk of request) raw += chunk;
  const body = JSON.parse(raw || "{}");
  const question = body.messages?.findLast?.((message) => message.role === "user")?.content ?? "";
  response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  response.flushHeaders();
  if (!question.includes(LONG_QUESTION)) {
    // A short answer, first token at once: what TTFT compares.
    response.write(sse("Risposta"));
    response.write(sse(" breve."));
    return response.end("data: [DONE]\n\n");
  }
  const started = performance.now();
  let closed = false;
  request.on("close", () => (closed = true));
  for (let index = 0; index < LONG_ANSWER_TOKENS && !closed; index += 1) {
    response.write(sse(longAnswerToken(index)));
    // A steady 200 tokens/s, corrected for timer drift.
    const due = started + ((index + 1) * 1000) / TOKENS_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  response.end("data: [DONE]\n\n");
});
const upstreamPort = await freePort();
await new Promise((resolve) => upstream.listen(upstreamPort, "127.0.0.1", resolve));
const upstreamBase = `http://127.0.0.1:${upstreamPort}/v1`;

// ---- The product, a signed-in business user ------------------------------------------------------
const product = await startProduct({ LLM_BASE_URL: upstreamBase, LLM_API_KEY: "bench" });
const browser = await launchChromium();
let result;
try {
  const page = await browser.newPage();
  // The access token the app sends, read off its own API calls.
  let token = null;
  page.on("request", (request) => {
    const authorization = request.headers().authorization;
    if (authorization?.startsWith("Bearer ")) token = authorization.slice(7);
  });
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((entry) => ({ start: entry.startTime, duration: entry.duration })))).observe({
      type: "longtask",
      buffered: true,
    });
  });
  await page.goto(`${product.base}/login?returnTo=%2Fchat`);
  await page.getByRole("button", { name: "ACCEDI" }).click();
  await page.getByRole("button", { name: "Accedi come business@oystar.test" }).click();
  await page.waitForURL(/\/chat$/);
  await page.getByText("Online").waitFor();
  while (!token) await page.waitForTimeout(50);

  // ---- 1. Time to first token, gateway vs direct, alternating --------------------------------
  const upstreamPage = await browser.newPage();
  await upstreamPage.goto(`http://127.0.0.1:${upstreamPort}/`);
  /** Runs in a page: milliseconds from sending the request to the first content token. */
  const measureFirstToken = async ({ url, headers }) => {
    const body = JSON.stringify({ model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Ciao" }], stream: true, max_tokens: 16 });
    const started = performance.now();
    const response = await fetch(url, { method: "POST", headers, body });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`nessun token da ${url}`);
      text += decoder.decode(value, { stream: true });
      if (text.includes('"content"')) break;
    }
    const elapsed = performance.now() - started;
    await reader.cancel();
    return elapsed;
  };
  const direct = () => upstreamPage.evaluate(measureFirstToken, { url: "/v1/chat/completions", headers: { "Content-Type": "application/json" } });
  const gateway = () =>
    page.evaluate(measureFirstToken, { url: "/groq/chat/completions", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` } });
  for (let warmUp = 0; warmUp < 10; warmUp += 1) {
    await direct();
    await gateway();
  }
  const ttft = { direct: [], gateway: [] };
  for (let sample = 0; sample < TTFT_SAMPLES; sample += 1) {
    ttft.direct.push(await direct());
    ttft.gateway.push(await gateway());
  }
  await upstreamPage.close();

  // ---- 2. Long tasks while a long answer streams into a 50-message conversation ----------------
  const input = page.getByRole("textbox", { name: "Messaggio" });
  // An answer is finished when it carries its first-character line.
  const finishedAnswer = (index) => page.locator(".chat-message--assistant").nth(index).getByText(/Primo carattere/);
  for (let question = 1; question <= 25; question += 1) {
    await input.fill(`Domanda ${question}`);
    await input.press("Enter");
    await finishedAnswer(question - 1).waitFor();
  }
  await page.waitForTimeout(1000);
  // Proof the observer works on this browser: an 80 ms task of our own must be seen.
  const calibrated = await page.evaluate(async () => {
    const before = window.__longTasks.length;
    // A task of the page's own (a timer), as the app's work would be.
    setTimeout(() => {
      const end = performance.now() + 80;
      while (performance.now() < end);
    }, 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return window.__longTasks.length > before;
  });
  if (!calibrated) throw new Error("PerformanceObserver longtask non funziona in questo browser: misura non valida");
  const streamStart = await page.evaluate(() => performance.now());
  await input.fill(LONG_QUESTION);
  await input.press("Enter");
  await finishedAnswer(25).waitFor({ timeout: 120_000 });
  const streamEnd = await page.evaluate(() => performance.now());
  const longTasks = await page.evaluate(({ from, to }) => window.__longTasks.filter((task) => task.start >= from && task.start <= to), {
    from: streamStart,
    to: streamEnd,
  });
  const messages = await page.locator(".chat-message").count();

  const round = (value) => Math.round(value * 100) / 100;
  result = {
    bench: "chat-stream",
    ttft_samples: TTFT_SAMPLES,
    direct_ttft_p50_ms: round(quantile(ttft.direct, 0.5)),
    direct_ttft_p95_ms: round(quantile(ttft.direct, 0.95)),
    gateway_ttft_p50_ms: round(quantile(ttft.gateway, 0.5)),
    gateway_ttft_p95_ms: round(quantile(ttft.gateway, 0.95)),
    added_ttft_p50_ms: round(quantile(ttft.gateway, 0.5) - quantile(ttft.direct, 0.5)),
    added_ttft_p95_ms: round(quantile(ttft.gateway, 0.95) - quantile(ttft.direct, 0.95)),
    stream_tokens: LONG_ANSWER_TOKENS,
    stream_seconds: round((streamEnd - streamStart) / 1000),
    messages_after_stream: messages,
    long_tasks: longTasks.length,
    longest_task_ms: round(Math.max(0, ...longTasks.map((task) => task.duration))),
    // Where each long task fell (ms after the question was sent), to tell streaming from the end.
    long_task_offsets_ms: longTasks.map((task) => Math.round(task.start - streamStart)),
  };
} finally {
  await browser.close();
  product.stop();
  upstream.close();
}

console.info(`Time to first token, ${result.ttft_samples} alternating samples in Chromium on this machine:`);
console.info(`  direct to the upstream: p50 ${result.direct_ttft_p50_ms} ms, p95 ${result.direct_ttft_p95_ms} ms`);
console.info(`  through the gateway:    p50 ${result.gateway_ttft_p50_ms} ms, p95 ${result.gateway_ttft_p95_ms} ms`);
console.info(`  added by the gateway:   p50 ${result.added_ttft_p50_ms} ms, p95 ${result.added_ttft_p95_ms} ms (budget: < 5 ms at p50)`);
console.info(
  `A ${result.stream_tokens}-token answer at ${TOKENS_PER_SECOND} tokens/s into a ${result.messages_after_stream - 2}-message conversation (${result.stream_seconds} s):`,
);
console.info(`  ${result.long_tasks} long tasks, the longest ${result.longest_task_ms} ms (budget: none over 50 ms)`);
if (result.long_tasks > 0) console.info(`  at ${result.long_task_offsets_ms.join(", ")} ms after the question`);
console.info(JSON.stringify(result));
