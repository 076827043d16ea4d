// Part of `pnpm bench rag` (issue 48 §7, `--parts library`): a firm's files uploaded through the
// library's HTTP route as the browser sends them (multipart, batches of 50 files or 20 MB, one after
// the other) into the real built product, while a customer asks questions one after the other:
//  - throughput: from the first byte sent to the last document 'Indicizzato', beside `pnpm rag
//    ingest` of the same files into a fresh database (target: within 1.5×);
//  - the question → `sources` event p95 during the upload, beside the same questions asked idle
//    (target: within 2×);
//  - the peak resident memory of the server's process tree (its reading processes included), and of
//    the command's, sampled every 200 ms.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { rssKib } from "./process-tree.mjs";
import { accessTokenFor, quantile, startProduct } from "./product.mjs";

const apiDir = fileURLToPath(new URL("../../apps/api/", import.meta.url));
const tsxCli = createRequire(join(apiDir, "package.json")).resolve("tsx/cli");
/** The browser's batches (@oystar/rag-client UPLOAD_BATCH). */
const BATCH = { files: 50, bytes: 20 * 1024 * 1024 };
const DEMO_INDEX = "gardenroute-demo";
const QUESTIONS = [
  "Quando fioriscono le camelie e dove si possono vedere?",
  "Come si pota l'ulivo e in quale periodo?",
  "Quali giardini si possono visitare a Firenze?",
  "Che cosa si coltiva in una limonaia?",
  "Quando è stato fondato l'Orto botanico di Padova?",
  "Come si annaffiano le piante in estate?",
];

/** Runs an API script with tsx: resolves with its exit and how long it took, its tree's peak RSS sampled. */
function timedScript(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsxCli, "--conditions=@oystar/source", ...args], {
      cwd: apiDir,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env },
    });
    let output = "";
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKib(child.pid))), 200);
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      clearInterval(sampler);
      if (code !== 0) reject(new Error(`${args[0]} è uscito con ${code}`));
      else resolve({ seconds: (performance.now() - started) / 1000, peakRssMib: Math.round(peak / 1024), output });
    });
  });
}

/** Questions whose connection was reset under them (the server's thread held past its keep-alive): asked again, and counted. */
let resets = 0;

/** Question → `sources` event of /api/ask-stream, in ms (a reset connection's retry included), over the demo index. */
async function timeToSources(base, token, question) {
  const started = performance.now();
  const ask = () =>
    fetch(`${base}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ question, index_names: [DEMO_INDEX], use_cache: false }),
    });
  const response = await ask().catch(() => {
    resets += 1;
    return ask();
  });
  if (!response.ok) throw new Error(`/api/ask-stream ha risposto ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("flusso finito senza l'evento sources");
      text += decoder.decode(value, { stream: true });
      if (/^data: \{"sources":/m.test(text)) return performance.now() - started;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** Waits (3 minutes at most) until the server answers as itself, not 'Avvio in corso' (a loaded machine starts slowly). */
async function ready(base) {
  for (let attempt = 0; attempt < 900; attempt += 1) {
    const response = await fetch(`${base}/api/health`).catch(() => null);
    if (response?.ok && (response.headers.get("content-type") ?? "").includes("json")) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("il server non ha risposto entro 3 minuti");
}

/** The files in the browser's batches. */
function batchesOf(files) {
  const batches = [];
  let current = [];
  let bytes = 0;
  for (const file of files) {
    if (current.length > 0 && (current.length >= BATCH.files || bytes + file.bytes.byteLength > BATCH.bytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.bytes.byteLength;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export async function libraryUpload({ documents, questions }) {
  const folder = mkdtempSync(join(tmpdir(), "oystar-bench-libreria-"));
  const cliData = mkdtempSync(join(tmpdir(), "oystar-bench-libreria-cli-"));
  const productData = mkdtempSync(join(tmpdir(), "oystar-bench-libreria-prodotto-"));
  try {
    const written = JSON.parse(
      (await timedScript(["lab/rag-cli/library-files.ts", "--folder", folder, "--documents", String(documents)], {})).output
        .trim()
        .split("\n")
        .at(-1),
    );
    console.info(`\nBiblioteca di uno studio: ${written.files} file (${(written.bytes / 1024 / 1024).toFixed(1)} MB)`);

    // The baseline: `pnpm rag ingest` of the same folder into a fresh embedded database.
    const cli = await timedScript(["lab/rag-cli/rag-cli.ts", "ingest", "--index", "bench-libreria", folder], {
      DATA_DIR: cliData,
      DATABASE_URL: "",
      NODE_ENV: "test",
    });
    console.info(`  pnpm rag ingest: ${cli.seconds.toFixed(1)} s, memoria massima ${cli.peakRssMib} MiB`);

    const product = await startProduct({ DATA_DIR: productData, DATABASE_URL: "" });
    try {
      await ready(product.base);
      const token = await accessTokenFor(product.base, "business@oystar.test");
      const authorization = { Authorization: `Bearer ${token}` };
      for (let round = 0; round < 10; round += 1) await timeToSources(product.base, token, QUESTIONS[round % QUESTIONS.length]);
      const idle = [];
      for (let round = 0; round < questions; round += 1)
        idle.push(await timeToSources(product.base, token, QUESTIONS[round % QUESTIONS.length]));

      const created = await fetch(`${product.base}/api/rag/indexes`, {
        method: "POST",
        headers: { ...authorization, "Content-Type": "application/json" },
        body: JSON.stringify({ label: "Archivio dello studio" }),
      });
      const { name } = await created.json();
      const files = readdirSync(folder)
        .sort()
        .map((filename) => ({ filename, bytes: readFileSync(join(folder, filename)) }));

      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, rssKib(product.pid))), 200);
      let uploading = true;
      const during = [];
      const asking = (async () => {
        for (let round = 0; uploading; round += 1)
          during.push(await timeToSources(product.base, token, QUESTIONS[round % QUESTIONS.length]));
      })();
      const started = performance.now();
      let refusedAtUpload = 0;
      for (const batch of batchesOf(files)) {
        const form = new FormData();
        for (const file of batch) form.append("files", new Blob([file.bytes]), file.filename);
        const response = await fetch(`${product.base}/api/rag/indexes/${name}/documents`, {
          method: "POST",
          headers: authorization,
          body: form,
        });
        if (response.status !== 202) throw new Error(`il caricamento ha risposto ${response.status}: ${await response.text()}`);
        refusedAtUpload += (await response.json()).documents.filter((document) => document.state === "refused").length;
      }
      const sentSeconds = (performance.now() - started) / 1000;
      let list;
      for (;;) {
        list = await (await fetch(`${product.base}/api/rag/indexes/${name}/documents`, { headers: authorization })).json();
        if (list.documents.every((document) => document.state === "indexed" || document.state === "refused")) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const seconds = (performance.now() - started) / 1000;
      uploading = false;
      await asking;
      clearInterval(sampler);

      const p95 = (values) => Math.round(quantile(values, 0.95));
      const result = {
        files: written.files,
        megabytes: Math.round((written.bytes / 1024 / 1024) * 10) / 10,
        cli_seconds: Math.round(cli.seconds * 10) / 10,
        upload_sent_seconds: Math.round(sentSeconds * 10) / 10,
        upload_to_indexed_seconds: Math.round(seconds * 10) / 10,
        throughput_ratio: Math.round((seconds / cli.seconds) * 100) / 100,
        throughput_within_target: seconds <= 1.5 * cli.seconds,
        indexed: list.documents.filter((document) => document.state === "indexed").length,
        refused: list.documents.filter((document) => document.state === "refused").length,
        refused_at_upload: refusedAtUpload,
        question_to_sources_ms: {
          idle: { p50: Math.round(quantile(idle, 0.5)), p95: p95(idle), questions: idle.length },
          during_upload: { p50: Math.round(quantile(during, 0.5)), p95: p95(during), questions: during.length },
        },
        connections_reset: resets,
        question_p95_ratio: Math.round((p95(during) / p95(idle)) * 100) / 100,
        question_within_target: p95(during) <= 2 * p95(idle),
        peak_rss_mib: { product: Math.round(peak / 1024), cli: cli.peakRssMib },
      };
      console.info(
        `  caricamento HTTP (lotti come il browser): ${result.upload_to_indexed_seconds} s fino all'ultimo 'Indicizzato' ` +
          `(${result.upload_sent_seconds} s per inviare), ${result.throughput_ratio}× pnpm rag ingest (obiettivo ≤ 1,5×: ${result.throughput_within_target ? "rispettato" : "SUPERATO"}); ` +
          `${result.indexed} indicizzati, ${result.refused} rifiutati\n` +
          `  domanda → sources p95: a riposo ${result.question_to_sources_ms.idle.p95} ms, durante il caricamento ${result.question_to_sources_ms.during_upload.p95} ms ` +
          `(${result.question_p95_ratio}×, obiettivo ≤ 2×: ${result.question_within_target ? "rispettato" : "SUPERATO"}); connessioni interrotte e richieste ${result.connections_reset}\n` +
          `  memoria massima: server con i processi di lettura ${result.peak_rss_mib.product} MiB, pnpm rag ingest ${result.peak_rss_mib.cli} MiB`,
      );
      return result;
    } finally {
      product.stop();
    }
  } finally {
    for (const path of [folder, cliData, productData]) rmSync(path, { recursive: true, force: true });
  }
}
