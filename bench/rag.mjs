// RAG retrieval on PGlite (DESIGN.md §8, §11): p50/p95 of each retrieval leg and of the hybrid
// retrieval at 10k and 100k chunks of a generated Italian corpus (written to a temp folder and
// ingested through the real ingestion path), and ingestion throughput. Budgets: hybrid p95
// ≤ 20 ms at 10k, ≤ 50 ms at 100k. The engine runs in-process (tsx on the API's source).
// `pnpm bench rag [--sizes 10000,100000] [--queries 200]`. Not a test: it prints, ending with one JSON line.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const apiDir = fileURLToPath(new URL("../apps/api/", import.meta.url));
const tsxCli = createRequire(join(apiDir, "package.json")).resolve("tsx/cli");
const child = spawn(process.execPath, [tsxCli, "--conditions=@oystar/source", "src/rag/cli/retrieval-benchmark.ts", ...process.argv.slice(3)], {
  cwd: apiDir,
  stdio: "inherit",
  env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=6144`.trim() },
});
child.on("exit", (code) => process.exit(code ?? 1));
