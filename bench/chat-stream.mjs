// The chat's streaming path, measured in Chromium against the real built product (DESIGN.md §11;
// issues 5 and 15). A fake OpenAI-compatible upstream runs in this process and the product uses it
// as its LLM (LLM_BASE_URL). Three parts:
//  1. Time to first token through the gateway (sign-in check, quota charge, validation, proxying)
//     against calling the fake upstream directly, alternating, in one run: p50/p95 and the
//     difference. Target (issue 15): at most 2 ms added at p50. Measured twice: with a model that
//     answers at once (nothing to hide the quota's count behind: the gateway's whole cost) and
//     with one that thinks 20 ms before its first token (still faster than any real model), where
//     the count overlaps the model's thinking as it does in use.
//  2. A long answer streamed into a 100-message conversation at 200 and 1,000 tokens/s, each
//     without and with a 4× slower CPU (Chromium's DevTools protocol): main-thread long tasks, and
//     how long a token waits between arriving at the page and being on screen (in frames of
//     16.7 ms). Targets: no long task over 50 ms at 1,000 tokens/s unthrottled and at 200
//     tokens/s throttled; tokens on screen within one frame of arrival.
//  3. The conversation grown to 1,000 messages (conversations are never stored — privacy — so
//     this is the page holding them): one more answer, and scrolling to the top and back, must
//     not block the page for more than 100 ms.
// Run after `pnpm build`. Not a test: it prints, ending with one JSON line.
import { createServer } from "node:http";
import {
  checkLongTaskObserver,
  freePort,
  launchChromium,
  quantile,
  recordLongTasks,
  signInThroughProvider,
  startProduct,
} from "./support/product.mjs";

const TTFT_SAMPLES = 200;
/** A question carrying this word is answered after MODEL_THINKING_MS, like a model that thinks. */
const THINKING_QUESTION = "Pensaci";
const MODEL_THINKING_MS = 20;
const LONG_QUESTION = "Scrivi la relazione lunga";
/** The long answers: rate (tokens/s), length, CPU slowdown. A question names its rate. */
const STREAMS = [
  { rate: 200, tokens: 2000, cpu: 1 },
  { rate: 1000, tokens: 4000, cpu: 1 },
  { rate: 200, tokens: 2000, cpu: 4 },
  { rate: 1000, tokens: 4000, cpu: 4 },
];
const CONVERSATION_MESSAGES = 100;
const LARGE_CONVERSATION_MESSAGES = 1000;
const FRAME_MS = 1000 / 60;

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
    // A short answer, first token at once (or after thinking): what TTFT compares.
    if (question.includes(THINKING_QUESTION)) await new Promise((resolve) => setTimeout(resolve, MODEL_THINKING_MS));
    response.write(sse("Risposta"));
    response.write(sse(" breve."));
    return response.end("data: [DONE]\n\n");
  }
  // "Scrivi la relazione lunga 1000 4000": the rate and the number of tokens.
  const [rate, tokens] = question
    .slice(question.indexOf(LONG_QUESTION) + LONG_QUESTION.length)
    .trim()
    .split(" ")
    .map(Number);
  const started = performance.now();
  let closed = false;
  request.on("close", () => (closed = true));
  for (let index = 0; index < tokens && !closed; index += 1) {
    response.write(sse(longAnswerToken(index)));
    // A steady rate, corrected for timer drift (a millisecond timer: at 1,000 tokens/s tokens
    // arrive one by one or a few at a time, as from a fast model).
    const due = started + ((index + 1) * 1000) / rate;
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
    // When each chunk of a model answer reaches the page, and how many words ("parola") it has
    // brought so far: compared with what the screen shows at each frame.
    window.__arrivals = null;
    const originalFetch = window.fetch;
    window.fetch = async (...args) => {
      const response = await originalFetch(...args);
      const url = String(args[0] instanceof Request ? args[0].url : args[0]);
      if (!url.includes("/groq/chat/completions") || !response.body || window.__arrivals === null) return response;
      const decoder = new TextDecoder();
      let words = 0;
      let pending = "";
      const tap = new TransformStream({
        transform(chunk, controller) {
          pending += decoder.decode(chunk, { stream: true });
          const lines = pending.split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines) {
            if (!line.startsWith("data: {")) continue;
            const content = JSON.parse(line.slice(6)).choices?.[0]?.delta?.content ?? "";
            words += (content.match(/parola/g) ?? []).length;
          }
          window.__arrivals?.push([performance.now(), words]);
          controller.enqueue(chunk);
        },
      });
      return new Response(response.body.pipeThrough(tap), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  });
  await recordLongTasks(page);
  await signInThroughProvider(page, product.base, "business@oystar.test", "/chat");
  await page.getByText("Online").waitFor();
  while (!token) await page.waitForTimeout(50);

  // ---- 1. Time to first token, gateway vs direct, alternating --------------------------------
  const upstreamPage = await browser.newPage();
  await upstreamPage.goto(`http://127.0.0.1:${upstreamPort}/`);
  /** Runs in a page: milliseconds from sending the request to the first content token. */
  const measureFirstToken = async ({ url, headers, question }) => {
    const body = JSON.stringify({
      model: "openai/gpt-oss-120b",
      messages: [{ role: "user", content: question }],
      stream: true,
      max_tokens: 16,
    });
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
  const direct = (question) =>
    upstreamPage.evaluate(measureFirstToken, { url: "/v1/chat/completions", headers: { "Content-Type": "application/json" }, question });
  const gateway = (question) =>
    page.evaluate(measureFirstToken, {
      url: "/groq/chat/completions",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      question,
    });
  /** Direct and through the gateway, alternating; p50/p95 of each and what the gateway adds. */
  const compareFirstTokens = async (question) => {
    for (let warmUp = 0; warmUp < 10; warmUp += 1) {
      await direct(question);
      await gateway(question);
    }
    const times = { direct: [], gateway: [] };
    for (let sample = 0; sample < TTFT_SAMPLES; sample += 1) {
      times.direct.push(await direct(question));
      times.gateway.push(await gateway(question));
    }
    const at = (q) => ({ direct: quantile(times.direct, q), gateway: quantile(times.gateway, q) });
    return { p50: at(0.5), p95: at(0.95) };
  };
  const ttft = await compareFirstTokens("Ciao");
  const ttftThinking = await compareFirstTokens(`${THINKING_QUESTION} e rispondi`);
  await upstreamPage.close();

  // ---- 2. Long answers into a 100-message conversation -------------------------------------------
  const input = page.getByRole("textbox", { name: "Messaggio" });
  // An answer is finished when it carries its first-character line.
  const finishedAnswer = (index) =>
    page
      .locator(".chat-message--assistant")
      .nth(index)
      .getByText(/Primo carattere/);
  let answers = 0;
  const ask = async (question, timeout = 30_000) => {
    await input.fill(question);
    await input.press("Enter");
    await finishedAnswer(answers).waitFor({ timeout });
    answers += 1;
  };
  while (answers * 2 < CONVERSATION_MESSAGES) await ask(`Domanda ${answers + 1}`);
  await page.waitForTimeout(1000);
  await checkLongTaskObserver(page);

  const cdp = await page.context().newCDPSession(page);
  const streams = [];
  for (const stream of STREAMS) {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: stream.cpu });
    // Each frame, after it is drawn, notes how many words of the streaming answer are on screen.
    const streamStart = await page.evaluate(() => {
      window.__arrivals = [];
      window.__frames = [];
      const answers = document.getElementsByClassName("chat-message--assistant");
      const channel = new MessageChannel();
      let frameTime = 0;
      channel.port1.onmessage = () => {
        const last = answers[answers.length - 1];
        window.__frames.push([frameTime, (last?.textContent?.match(/parola/g) ?? []).length]);
      };
      const sample = (time) => {
        if (window.__frames === null) return;
        frameTime = time;
        channel.port2.postMessage(null);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
      return performance.now();
    });
    await ask(`${LONG_QUESTION} ${stream.rate} ${stream.tokens}`, 180_000);
    const measured = await page.evaluate((from) => {
      const arrivals = window.__arrivals;
      const frames = window.__frames;
      window.__arrivals = null;
      window.__frames = null;
      const tasks = window.__longTasks.filter((task) => task.start >= from);
      // A token's wait: from its arrival to the first drawn frame that shows it.
      const waits = [];
      let frame = 0;
      for (const [arrived, words] of arrivals) {
        while (frame < frames.length && (frames[frame][0] < arrived || frames[frame][1] < words)) frame += 1;
        if (frame < frames.length) waits.push(frames[frame][0] - arrived);
      }
      return { tasks, waits, seconds: (performance.now() - from) / 1000 };
    }, streamStart);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    streams.push({
      tokens_per_second: stream.rate,
      tokens: stream.tokens,
      cpu_slowdown: stream.cpu,
      seconds: Math.round(measured.seconds * 100) / 100,
      long_tasks: measured.tasks.length,
      longest_task_ms: Math.round(Math.max(0, ...measured.tasks.map((task) => task.duration))),
      token_wait_p50_ms: Math.round(quantile(measured.waits, 0.5) * 10) / 10,
      token_wait_p95_ms: Math.round(quantile(measured.waits, 0.95) * 10) / 10,
      token_wait_max_ms: Math.round(Math.max(...measured.waits) * 10) / 10,
      within_one_frame: Math.round((measured.waits.filter((wait) => wait <= FRAME_MS).length / measured.waits.length) * 1000) / 1000,
    });
  }

  // ---- 3. A conversation of 1,000 messages --------------------------------------------------------
  while (answers * 2 < LARGE_CONVERSATION_MESSAGES - 2) await ask(`Domanda ${answers + 1}`);
  const largeFrom = await page.evaluate(() => performance.now());
  await ask(`Domanda ${answers + 1}`);
  const large = await page.evaluate(async (from) => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
    const answerTasks = window.__longTasks.filter((task) => task.start >= from);
    const scroller = document.scrollingElement;
    const lists = [...document.querySelectorAll("*")].filter(
      (element) => element.scrollHeight > element.clientHeight + 100 && getComputedStyle(element).overflowY !== "visible",
    );
    const target = lists.find((element) => element.querySelector(".chat-message")) ?? scroller;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const scrollFrom = performance.now();
    const gaps = [];
    for (const top of [0, target.scrollHeight]) {
      const before = await nextFrame();
      target.scrollTop = top;
      gaps.push((await nextFrame()) - before);
    }
    const scrollTasks = window.__longTasks.filter((task) => task.start >= scrollFrom);
    return {
      messages: document.querySelectorAll(".chat-message").length,
      answer_longest_task_ms: Math.round(Math.max(0, ...answerTasks.map((task) => task.duration))),
      scroll_longest_frame_ms: Math.round(Math.max(...gaps)),
      scroll_longest_task_ms: Math.round(Math.max(0, ...scrollTasks.map((task) => task.duration))),
    };
  }, largeFrom);

  const round = (value) => Math.round(value * 100) / 100;
  result = {
    bench: "chat-stream",
    ttft_samples: TTFT_SAMPLES,
    direct_ttft_p50_ms: round(ttft.p50.direct),
    direct_ttft_p95_ms: round(ttft.p95.direct),
    gateway_ttft_p50_ms: round(ttft.p50.gateway),
    gateway_ttft_p95_ms: round(ttft.p95.gateway),
    added_ttft_p50_ms: round(ttft.p50.gateway - ttft.p50.direct),
    added_ttft_p95_ms: round(ttft.p95.gateway - ttft.p95.direct),
    model_thinking_ms: MODEL_THINKING_MS,
    thinking_added_ttft_p50_ms: round(ttftThinking.p50.gateway - ttftThinking.p50.direct),
    thinking_added_ttft_p95_ms: round(ttftThinking.p95.gateway - ttftThinking.p95.direct),
    conversation_messages: CONVERSATION_MESSAGES,
    streams,
    large_conversation: large,
  };
} finally {
  await browser.close();
  product.stop();
  upstream.close();
}

console.info(`Time to first token, ${result.ttft_samples} alternating samples in Chromium on this machine:`);
console.info(`  direct to the upstream: p50 ${result.direct_ttft_p50_ms} ms, p95 ${result.direct_ttft_p95_ms} ms`);
console.info(`  through the gateway:    p50 ${result.gateway_ttft_p50_ms} ms, p95 ${result.gateway_ttft_p95_ms} ms`);
console.info(`  added by the gateway:   p50 ${result.added_ttft_p50_ms} ms, p95 ${result.added_ttft_p95_ms} ms (target: ≤ 2 ms at p50)`);
console.info(
  `  with a model that thinks ${result.model_thinking_ms} ms first, added: p50 ${result.thinking_added_ttft_p50_ms} ms, p95 ${result.thinking_added_ttft_p95_ms} ms (the quota's count overlaps its thinking)`,
);
for (const stream of result.streams) {
  const cpu = stream.cpu_slowdown === 1 ? "" : `, CPU ${stream.cpu_slowdown}× slower`;
  console.info(
    `${stream.tokens} tokens at ${stream.tokens_per_second} tokens/s into a ${result.conversation_messages}-message conversation${cpu} (${stream.seconds} s):`,
  );
  console.info(`  ${stream.long_tasks} long tasks, the longest ${stream.longest_task_ms} ms`);
  console.info(
    `  a token waits to be on screen: p50 ${stream.token_wait_p50_ms} ms, p95 ${stream.token_wait_p95_ms} ms, max ${stream.token_wait_max_ms} ms; within one frame: ${(stream.within_one_frame * 100).toFixed(1)} %`,
  );
}
const large = result.large_conversation;
console.info(`${large.messages} messages on the page: one more answer, longest task ${large.answer_longest_task_ms} ms;`);
console.info(
  `  scrolling to the top and back: longest frame ${large.scroll_longest_frame_ms} ms, longest task ${large.scroll_longest_task_ms} ms (target ≤ 100 ms)`,
);
console.info(JSON.stringify(result));
