import { jsPDF } from "jspdf";
import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, expect, test } from "vitest";
import { RAG_FIXTURES_DIR } from "../../../test-support/fixtures";

// `pnpm rag …` as a user runs it (the package's script: tsx on src/rag/cli/rag-cli.ts), on a
// PGlite data folder of its own.

const packageDir = fileURLToPath(new URL("../../..", import.meta.url));
const tsx = join(packageDir, "node_modules/.bin/tsx");
const dataDir = mkdtempSync(join(tmpdir(), "oystar-rag-cli-"));
const documents = mkdtempSync(join(tmpdir(), "oystar-rag-docs-"));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", EMBEDDINGS_BASE_URL: "", RERANKER_BASE_URL: "", INIT_CWD: documents };

const rag = (args: string[]) => promisify(execFile)(tsx, ["--conditions=@oystar/source", "src/rag/cli/rag-cli.ts", ...args], { cwd: packageDir, env });

function ragWithInput(args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ["--conditions=@oystar/source", "src/rag/cli/rag-cli.ts", ...args], { cwd: packageDir, env });
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`exit ${code}: ${errors}`))));
    child.stdin.end(input);
  });
}

beforeAll(() => {
  mkdirSync(join(documents, "guide", "vecchie"), { recursive: true });
  writeFileSync(join(documents, "glicine.md"), "---\ntitle: Il glicine\nurl: https://esempi.oystar.test/glicine\n---\n\nIl glicine fiorisce in aprile e profuma di miele.");
  writeFileSync(join(documents, "guide", "compost.txt"), "Il compost maturo è scuro e profuma di bosco dopo sei mesi.");
  writeFileSync(join(documents, "guide", "vecchie", "serra.html"), "<title>La serra</title><main><p>La serra fredda protegge gli agrumi dal gelo.</p></main>");
  writeFileSync(join(documents, "guide", "foto.jpg"), "non un documento");
  const pdf = new jsPDF();
  pdf.text("Il roseto ha duecento varieta di rose.", 15, 30);
  pdf.addPage();
  pdf.text("Le peonie arboree fioriscono a maggio.", 15, 30);
  writeFileSync(join(documents, "guide", "fiori.pdf"), new Uint8Array(pdf.output("arraybuffer")));
});

test("ingest reads .md .txt .html .pdf in folders recursively; a changed file is replaced, an unchanged one skipped", async () => {
  const first = await rag(["ingest", "--index", "test-cli", "glicine.md", "guide"]);
  expect(first.stdout).toContain("Indice test-cli: 4 aggiunti, 0 sostituiti, 0 invariati, 0 non riusciti");
  writeFileSync(join(documents, "guide", "compost.txt"), "Il compost maturo è pronto dopo otto mesi di maturazione.");
  const second = await rag(["ingest", "--index", "test-cli", "glicine.md", "guide"]);
  expect(second.stdout).toContain("Indice test-cli: 0 aggiunti, 1 sostituiti, 3 invariati, 0 non riusciti");
});

test("search reads one JSON question per line and writes one JSON ranking per question", async () => {
  const questions = ['{"question": "Quando fioriscono le peonie?"}', '{"question": "Dopo quanti mesi è pronto il compost?"}', "non json"].join("\n");
  const lines = (await ragWithInput(["search", "--index", "test-cli", "--top", "2"], questions)).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toHaveLength(3);
  const [peonies, compost, bad] = lines as Array<{ question: string; results: Array<{ filename: string; chunkId: number; score: number }>; error?: string }>;
  expect(peonies?.question).toBe("Quando fioriscono le peonie?");
  expect(peonies?.results[0]).toEqual({ filename: "fiori.pdf", chunkId: expect.any(Number), score: expect.any(Number) });
  expect(compost?.results[0]?.filename).toBe("compost.txt");
  expect(compost?.results.length).toBeLessThanOrEqual(2);
  expect(bad?.error).toMatch(/^Riga non valida/);
  const plain = JSON.parse(await ragWithInput(["search", "--index", "test-cli", "--mode", "bm25"], '{"question": "serra agrumi gelo"}')) as { results: Array<{ filename: string }> };
  expect(plain.results[0]?.filename).toBe("vecchie/serra.html");
});

test("eval prints recall@1/5/10 of plain BM25 and of the default pipeline, ending with one JSON line", async () => {
  const { stdout } = await rag(["eval", "--qa", join(packageDir, "test-support/rag-fixtures-qa.jsonl"), "--docs", RAG_FIXTURES_DIR]);
  const last = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { rows: Array<{ set: string; questions: number; bm25: Record<string, number>; default: Record<string, number> }> };
  expect(last.rows.map((row) => [row.set, row.questions])).toEqual([
    ["all", 6],
    ["tuning", 3],
    ["held-out", 3],
  ]);
  expect(last.rows[0]?.default["r@10"]).toBe(1);
  expect(stdout).toContain("insieme      domande |  BM25 r@1");
});

test("a missing index name or command is refused with the usage", async () => {
  await expect(rag(["ingest", "guide"])).rejects.toThrow(/Manca --index/);
  await expect(rag(["boh"])).rejects.toThrow(/Uso:/);
});
