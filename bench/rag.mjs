// RAG on PGlite (DESIGN.md §8, §11), two parts, each its own process:
// - retrieval: p50/p95 of each retrieval leg and of the hybrid retrieval at 10k and 100k chunks of
//   a generated Italian corpus (written to a temp folder and ingested through the real ingestion
//   path), and ingestion throughput. Budgets: hybrid p95 ≤ 20 ms at 10k, ≤ 50 ms at 100k.
// - the source viewer (issue 25): GET /api/rag/passages/:id over HTTP at 10,000 documents, beside
//   the passage's own row read straight from the database. Budget: p95 ≤ 50 ms.
// The engine runs in-process (tsx on the API's source).
// `pnpm bench rag [--sizes 10000,100000] [--queries 200] [--documents 10000] [--requests 500]`.
// Not a test: it prints, ending with one JSON line of both parts' figures.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const apiDir = fileURLToPath(new URL("../apps/api/", import.meta.url));
const tsxCli = createRequire(join(apiDir, "package.json")).resolve("tsx/cli");

/** Runs one part, passing its output through but its closing JSON line, which it returns. */
function part(script) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsxCli, "--conditions=@oystar/source", script, ...process.argv.slice(3)], {
      cwd: apiDir,
      stdio: ["inherit", "pipe", "inherit"],
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=6144`.trim() },
    });
    let last = "";
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text) => {
      const lines = (pending + text).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith('{"bench"')) last = line;
        else console.info(line);
      }
    });
    child.on("exit", (code) => {
      if (pending.startsWith('{"bench"')) last = pending;
      else if (pending) console.info(pending);
      if (code === 0 && last) resolve(JSON.parse(last));
      else reject(new Error(`${script}: uscita ${code}`));
    });
  });
}

try {
  const { bench: _retrieval, ...retrieval } = await part("src/rag/cli/retrieval-benchmark.ts");
  const { bench: _passages, ...passages } = await part("src/rag/cli/passage-benchmark.ts");
  console.info(JSON.stringify({ bench: "rag", ...retrieval, passages }));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
