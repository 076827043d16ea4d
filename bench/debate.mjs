// A 200-turn debate on /debate, measured in Chromium against the real built product (DESIGN.md
// §11; issue 12). A fake OpenAI-compatible upstream runs in this process at 200 tokens/s and the
// product uses it as its LLM (LLM_BASE_URL). Figures:
//  1. Main-thread long tasks while the turns stream (budget: none over 50 ms), two ways: as the
//     page's PerformanceObserver sees them (wall time: on a shared, loaded machine a 10 ms task
//     descheduled for a while shows as a long one, so the load average is printed beside it), and
//     the longest task by the main thread's CPU time in Chromium traces of three turns each near
//     the start, the middle and the end.
//  2. Main-thread work per turn (Chromium's running totals), JavaScript heap and DOM nodes after
//     200 turns against after the first one.
//  3. The judge (issue 26 §1): its two runs over the 200 turns, streamed at the same rate, until
//     the scorecard is on screen — how long, and the long tasks meanwhile.
// The debate runs in manual mode, 'Prossimo' pressed as soon as it appears: auto mode's 3 s
// pauses between turns would only make the run 10 minutes longer without changing what is
// measured (the streaming and the growing list). Run after `pnpm build`. Not a test: it prints,
// ending with one JSON line.
import { createServer } from "node:http";
import { readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  checkLongTaskObserver,
  freePort,
  launchChromium,
  quantile,
  recordLongTasks,
  signInThroughProvider,
  startProduct,
} from "./support/product.mjs";

const TURNS = Number(process.env.DEBATE_BENCH_TURNS ?? 200);
const TOKENS_PER_TURN = 120;
const TOKENS_PER_SECOND = 200;

// ---- The fake upstream ------------------------------------------------------------------------
const sse = (content) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const WORDS = [
  "il",
  "treno",
  "porta",
  "in",
  "centro",
  "città",
  "senza",
  "controlli,",
  "mentre",
  "l'aereo",
  "richiede",
  "tempo",
  "per",
  "arrivare",
  "e",
  "ripartire;",
  "i",
  "costi",
  "reali",
  "cambiano",
  "con",
  "la",
  "distanza",
  "**e**",
  "con",
  "le",
  "abitudini",
  "di",
  "chi",
  "viaggia.",
];

/** Token i of reply n: varied words (no chunk repeats, so the loop guard stays quiet), a question at the end. */
const token = (reply, index) => (index === TOKENS_PER_TURN - 1 ? " Che ne pensi?" : ` ${WORDS[(reply * 7 + index) % WORDS.length]}`);

/** What the bench itself runs in the page: Playwright's calls (DevTools commands) and the full GC it asks for to weigh the heap. */
const HARNESS_EVENTS = new Set(["DevToolsSession::DispatchProtocolCommand", "V8.GCLowMemoryNotification"]);

/**
 * The renderer main thread's longest task in a trace, by CPU time and by wall time — the page's
 * own: a task the bench caused (HARNESS_EVENTS) is left out.
 */
function longestTask(path) {
  const events = JSON.parse(readFileSync(path, "utf8")).traceEvents;
  const main = events.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain");
  const onMain = (event) => main.some((thread) => thread.pid === event.pid && thread.tid === event.tid);
  const harness = events.filter((event) => HARNESS_EVENTS.has(event.name) && onMain(event));
  const byHarness = (task) =>
    harness.some((event) => event.pid === task.pid && event.tid === task.tid && event.ts >= task.ts && event.ts <= task.ts + task.dur);
  const tasks = events.filter((event) => event.name === "RunTask" && event.ph === "X" && onMain(event) && !byHarness(event));
  return {
    tasks: tasks.length,
    longest_cpu_ms: Math.round(Math.max(0, ...tasks.map((task) => (task.tdur ?? 0) / 1000)) * 10) / 10,
    longest_wall_ms: Math.round(Math.max(0, ...tasks.map((task) => task.dur / 1000)) * 10) / 10,
  };
}

/** A judge's answer in the judge's format (debate-engine's judge-format.ts), one word a token. */
const side = (lato, score) =>
  [
    `## Lato ${lato}`,
    ...["Logica", "Prove", "Persuasività", "Replica"].map(
      (criterion) => `${criterion}: ${score} — Una frase di motivazione su questo criterio, con un esempio preso dalla trascrizione.`,
    ),
    "Argomento più forte: «il treno porta in centro città senza controlli»",
    "Argomento più debole: «i costi reali cambiano con la distanza»",
  ].join("\n");
const JUDGE_TOKENS = `${side(1, 8)}\n\n${side(2, 6)}\n\n## Verdetto\nVincitore: Lato 1`.split(/(?<= )/);

let replies = 0;
const upstream = createServer(async (request, response) => {
  if (request.method === "GET" && request.url.endsWith("/models")) {
    response.writeHead(200, { "Content-Type": "application/json" });
    return response.end(
      JSON.stringify({
        object: "list",
        data: [
          { id: "openai/gpt-oss-120b", object: "model" },
          { id: "openai/gpt-oss-20b", object: "model" },
        ],
      }),
    );
  }
  let body = "";
  for await (const chunk of request) body += chunk;
  const judging = body.includes("Scheda del giudizio OYSTAR");
  const tokens = judging ? JUDGE_TOKENS.length : TOKENS_PER_TURN;
  const reply = replies++;
  response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  response.flushHeaders();
  const started = performance.now();
  let closed = false;
  request.on("close", () => (closed = true));
  for (let index = 0; index < tokens && !closed; index += 1) {
    response.write(sse(judging ? JUDGE_TOKENS[index] : token(reply, index)));
    // A steady 200 tokens/s, corrected for timer drift.
    const wait = started + ((index + 1) * 1000) / TOKENS_PER_SECOND - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  response.end("data: [DONE]\n\n");
});
const upstreamPort = await freePort();
await new Promise((resolve) => upstream.listen(upstreamPort, "127.0.0.1", resolve));

// ---- The product, a signed-in business user (unlimited debates) ------------------------------------
const product = await startProduct({ LLM_BASE_URL: `http://127.0.0.1:${upstreamPort}/v1`, LLM_API_KEY: "bench" });
const browser = await launchChromium();
let result;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await recordLongTasks(page);
  await signInThroughProvider(page, product.base, "business@oystar.test", "/debate");
  await page.getByRole("button", { name: "Avvia Dibattito" }).waitFor();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  /** Heap after a full garbage collection, and DOM nodes. */
  const footprint = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    const { usedSize } = await cdp.send("Runtime.getHeapUsage");
    const { metrics } = await cdp.send("Performance.getMetrics");
    return { heapMb: usedSize / 1024 / 1024, nodes: metrics.find((metric) => metric.name === "Nodes")?.value ?? 0 };
  };

  /** Chromium's own running totals of main-thread work, in seconds. */
  const mainThread = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const total = (name) => metrics.find((metric) => metric.name === name)?.value ?? 0;
    return {
      task: total("TaskDuration"),
      script: total("ScriptDuration"),
      layout: total("LayoutDuration"),
      style: total("RecalcStyleDuration"),
    };
  };

  const panel = page.getByRole("region", { name: "Impostazioni del dibattito" });
  await panel.getByRole("button", { name: "Impostazioni" }).click();
  await panel.getByRole("slider", { name: "Durata del dibattito" }).fill(String(TURNS));
  await page.getByRole("textbox", { name: "Tesi A (a favore)" }).fill("Il treno è il mezzo migliore");
  await page.getByRole("textbox", { name: "Tesi B (contro)" }).fill("L'aereo è il mezzo migliore");

  await checkLongTaskObserver(page);

  const finished = page.locator(".debate-turn").filter({ has: page.getByRole("button", { name: "Copia" }) });
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
  await finished.nth(0).waitFor({ timeout: 60_000 });
  // Measured from the end of the first turn: the screen and its Markdown renderer have loaded.
  const afterFirst = await footprint();
  const workBefore = await mainThread();
  const streamStart = await page.evaluate(() => performance.now());
  // The debate is driven from inside the page: a Playwright locator polling 200 bubbles for their
  // buttons would itself be the main thread's biggest task. 'Prossimo' is pressed as it appears.
  await page.evaluate(() => {
    window.__nextPressedAt = [];
    new MutationObserver(() => {
      const next = [...document.querySelectorAll(".debate-bar__actions button")].find((button) =>
        /^Prossimo \([AB]\)$/.test(button.textContent ?? ""),
      );
      if (!next || next.dataset.pressed) return;
      next.dataset.pressed = "yes";
      window.__nextPressedAt.push(performance.now());
      next.click();
    }).observe(document.querySelector(".debate"), { childList: true, subtree: true });
    // The first 'Prossimo' is already there.
    document.querySelector(".debate")?.append(document.createComment("via"));
  });
  // Three turns traced near the start, the middle and the end: the longest task by CPU time.
  const traced = [];
  for (const from of [10, Math.floor(TURNS / 2), TURNS - 10]) {
    const pressed = (count) =>
      page.waitForFunction((count) => window.__nextPressedAt.length >= count, count, { polling: 250, timeout: TURNS * 10_000 });
    await pressed(from);
    const path = join(tmpdir(), `oystar-debate-trace-${process.pid}-${from}.json`);
    await browser.startTracing(page, { path, categories: ["disabled-by-default-devtools.timeline"] });
    await pressed(from + 3);
    await browser.stopTracing();
    traced.push({ from, ...longestTask(path) });
    rmSync(path, { force: true });
  }
  // The judge's runs are traced too, from the last turn's 'Prossimo' to its scorecard.
  const judgeTrace = join(tmpdir(), `oystar-debate-trace-${process.pid}-judge.json`);
  await page.waitForFunction((count) => window.__nextPressedAt.length >= count, TURNS - 1, { polling: 250, timeout: TURNS * 10_000 });
  await browser.startTracing(page, { path: judgeTrace, categories: ["disabled-by-default-devtools.timeline"] });
  await page.waitForFunction(() => document.querySelector(".debate-feedback") !== null, null, { polling: 1000, timeout: TURNS * 10_000 });
  const pressedAt = await page.evaluate(() => window.__nextPressedAt);
  const turnSeconds = pressedAt.slice(1).map((at, index) => (at - pressedAt[index]) / 1000);
  const streamEnd = await page.evaluate(() => performance.now());
  const workAfter = await mainThread();
  const afterAll = await footprint();
  const longTasks = await page.evaluate(({ from, to }) => window.__longTasks.filter((task) => task.start >= from && task.start <= to), {
    from: streamStart,
    to: streamEnd,
  });
  const turnsShown = await finished.count();
  // The judge's two runs, until its scorecard (or its error card) is on screen.
  await page.waitForFunction(
    () =>
      document.querySelector(".debate-scorecard table") !== null ||
      [...document.querySelectorAll(".oy-notice__title")].some(
        (title) => title.textContent === "Il giudice non ha potuto valutare il dibattito",
      ),
    null,
    { polling: 250, timeout: 120_000 },
  );
  const judgedAt = await page.evaluate(() => performance.now());
  await browser.stopTracing();
  const judgeTraced = longestTask(judgeTrace);
  rmSync(judgeTrace, { force: true });
  const scorecardShown = await page.locator(".debate-scorecard table").count();
  const judgeTasks = await page.evaluate(({ from, to }) => window.__longTasks.filter((task) => task.start > from && task.start <= to), {
    from: streamEnd,
    to: judgedAt,
  });

  const round = (value) => Math.round(value * 100) / 100;
  result = {
    bench: "debate",
    turns: turnsShown,
    tokens_per_turn: TOKENS_PER_TURN,
    tokens_per_second: TOKENS_PER_SECOND,
    seconds: round((streamEnd - streamStart) / 1000),
    turn_seconds_p50: round(quantile(turnSeconds, 0.5)),
    turn_seconds_p95: round(quantile(turnSeconds, 0.95)),
    load_average_1m: round(loadavg()[0]),
    cpus: cpus().length,
    traced_turns: traced,
    longest_task_cpu_ms_traced: Math.max(...traced.map((window) => window.longest_cpu_ms)),
    long_tasks: longTasks.length,
    longest_task_ms: round(Math.max(0, ...longTasks.map((task) => task.duration))),
    long_task_offsets_s: longTasks.map((task) => round((task.start - streamStart) / 1000)),
    main_thread_busy_percent: round((100 * (workAfter.task - workBefore.task)) / ((streamEnd - streamStart) / 1000)),
    main_thread_ms_per_turn: {
      task: round(((workAfter.task - workBefore.task) * 1000) / (TURNS - 1)),
      script: round(((workAfter.script - workBefore.script) * 1000) / (TURNS - 1)),
      layout: round(((workAfter.layout - workBefore.layout) * 1000) / (TURNS - 1)),
      style: round(((workAfter.style - workBefore.style) * 1000) / (TURNS - 1)),
    },
    heap_mb_after_first_turn: round(afterFirst.heapMb),
    heap_mb_after_all_turns: round(afterAll.heapMb),
    dom_nodes_after_first_turn: afterFirst.nodes,
    dom_nodes_after_all_turns: afterAll.nodes,
    judge_seconds: round((judgedAt - streamEnd) / 1000),
    judge_scorecard_tables: scorecardShown,
    judge_long_tasks: judgeTasks.length,
    judge_longest_task_ms: round(Math.max(0, ...judgeTasks.map((task) => task.duration))),
    judge_longest_task_cpu_ms_traced: judgeTraced.longest_cpu_ms,
  };
} finally {
  await browser.close();
  product.stop();
  upstream.close();
}

console.info(
  `A ${result.turns}-turn debate, ${result.tokens_per_turn} tokens a turn at ${result.tokens_per_second} tokens/s, in Chromium on this machine (${result.seconds} s):`,
);
console.info(`  a turn from 'Prossimo' to the next 'Prossimo': p50 ${result.turn_seconds_p50} s, p95 ${result.turn_seconds_p95} s`);
console.info(
  `  main thread busy ${result.main_thread_busy_percent}% of the time; per turn: ${JSON.stringify(result.main_thread_ms_per_turn)} ms`,
);
console.info(
  `  longest main-thread task by CPU time in traced turns: ${result.longest_task_cpu_ms_traced} ms (${result.traced_turns.map((window) => `turns ${window.from}-${window.from + 3}: ${window.longest_cpu_ms} ms CPU, ${window.longest_wall_ms} ms wall`).join("; ")})`,
);
console.info(`  machine: ${result.cpus} CPUs, load average ${result.load_average_1m} at the end`);
console.info(
  `  ${result.long_tasks} long tasks (wall time, PerformanceObserver), the longest ${result.longest_task_ms} ms (budget: none over 50 ms)`,
);
if (result.long_tasks > 0) console.info(`  at ${result.long_task_offsets_s.join(", ")} s after the first turn`);
console.info(
  `  JS heap: ${result.heap_mb_after_first_turn} MB after the first turn, ${result.heap_mb_after_all_turns} MB after all of them`,
);
console.info(
  `  DOM nodes: ${result.dom_nodes_after_first_turn} after the first turn, ${result.dom_nodes_after_all_turns} after all of them`,
);
console.info(
  `  the judge: two runs to the scorecard in ${result.judge_seconds} s (${result.judge_scorecard_tables} score tables); ${result.judge_long_tasks} long tasks meanwhile (wall), the longest ${result.judge_longest_task_ms} ms; longest task by CPU time from the last turn to the scorecard: ${result.judge_longest_task_cpu_ms_traced} ms`,
);
console.info(JSON.stringify(result));
