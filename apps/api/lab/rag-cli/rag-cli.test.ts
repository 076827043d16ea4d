import { jsPDF } from "jspdf";
import { execFile, spawn } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, expect, test } from "vitest";
import { RAG_FIXTURES_DIR } from "../../test-support/fixtures";
import { privacyCode } from "../../test-support/legal-acts";
import { sharedStreamPdf } from "../../test-support/heavy-pdf";
import { PAGED_PASSAGES, pagedDocument, pagedFilename, pagedQuestion } from "../../test-support/paged-index";
import { temporaryFolder } from "../../test-support/temporary-folders";
import { openDatabase, type Database } from "../../src/db/database";

// A guard against a hang, not a speed target: at this size, on a busy 2-core machine, a minute is not enough.
const AT_SIZE_TIMEOUT_MS = 180_000;

// `pnpm rag …` as a user runs it (the package's script: tsx on lab/rag-cli/rag-cli.ts), on a
// PGlite data folder of its own.

const packageDir = fileURLToPath(new URL("../..", import.meta.url));
const tsx = join(packageDir, "node_modules/.bin/tsx");
const dataDir = temporaryFolder("rag-cli");
const documents = temporaryFolder("rag-docs");
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", EMBEDDINGS_BASE_URL: "", RERANKER_BASE_URL: "", INIT_CWD: documents };

const rag = (args: string[]) =>
  promisify(execFile)(tsx, ["--conditions=@oystar/source", "lab/rag-cli/rag-cli.ts", ...args], { cwd: packageDir, env });

function ragWithInput(args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ["--conditions=@oystar/source", "lab/rag-cli/rag-cli.ts", ...args], { cwd: packageDir, env });
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
  writeFileSync(
    join(documents, "glicine.md"),
    "---\ntitle: Il glicine\nurl: https://esempi.oystar.test/glicine\n---\n\nIl glicine fiorisce in aprile e profuma di miele.",
  );
  writeFileSync(join(documents, "guide", "compost.txt"), "Il compost maturo è scuro e profuma di bosco dopo sei mesi.");
  writeFileSync(
    join(documents, "guide", "vecchie", "serra.html"),
    "<title>La serra</title><main><p>La serra fredda protegge gli agrumi dal gelo.</p></main>",
  );
  writeFileSync(join(documents, "guide", "foto.jpg"), "non un documento");
  const pdf = new jsPDF();
  pdf.text("Il roseto ha duecento varieta di rose.", 15, 30);
  pdf.addPage();
  pdf.text("Le peonie arboree fioriscono a maggio.", 15, 30);
  writeFileSync(join(documents, "guide", "fiori.pdf"), new Uint8Array(pdf.output("arraybuffer")));
});

test("ingest reads .md .txt .html .pdf in folders recursively; a changed file is replaced, an unchanged one skipped", async () => {
  const first = await rag(["ingest", "--index", "test-cli", "glicine.md", "guide"]);
  expect(first.stdout).toContain("Indice test-cli: 4 aggiunti, 0 sostituiti, 0 invariati, 0 non indicizzati");
  writeFileSync(join(documents, "guide", "compost.txt"), "Il compost maturo è pronto dopo otto mesi di maturazione.");
  const second = await rag(["ingest", "--index", "test-cli", "glicine.md", "guide"]);
  expect(second.stdout).toContain("Indice test-cli: 0 aggiunti, 1 sostituiti, 3 invariati, 0 non indicizzati");
});

test("search reads one JSON question per line and writes one JSON ranking per question", async () => {
  const questions = [
    '{"question": "Quando fioriscono le peonie?"}',
    '{"question": "Dopo quanti mesi è pronto il compost?"}',
    "non json",
  ].join("\n");
  const lines = (await ragWithInput(["search", "--index", "test-cli", "--top", "2"], questions))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toHaveLength(3);
  const [peonies, compost, bad] = lines as Array<{
    question: string;
    results: Array<{ filename: string; chunkId: number; score: number }>;
    error?: string;
  }>;
  expect(peonies?.question).toBe("Quando fioriscono le peonie?");
  expect(peonies?.results[0]).toEqual({ filename: "fiori.pdf", chunkId: expect.any(Number), score: expect.any(Number) });
  expect(compost?.results[0]?.filename).toBe("compost.txt");
  expect(compost?.results.length).toBeLessThanOrEqual(2);
  expect(bad?.error).toMatch(/^Riga non valida/);
  const plain = JSON.parse(
    await ragWithInput(["search", "--index", "test-cli", "--mode", "bm25"], '{"question": "serra agrumi gelo"}'),
  ) as { results: Array<{ filename: string }> };
  expect(plain.results[0]?.filename).toBe("vecchie/serra.html");
});

test(
  `search finds every passage of a ${PAGED_PASSAGES}-passage index, several pages of the copy in memory (issue 32)`,
  async () => {
    const folder = join(documents, "archivio");
    mkdirSync(folder);
    const numbers = Array.from({ length: PAGED_PASSAGES }, (_, number) => number);
    for (const number of numbers) writeFileSync(join(folder, pagedFilename(number)), pagedDocument(number));
    expect((await rag(["ingest", "--index", "archivio", "archivio"])).stdout).toContain(`Indice archivio: ${PAGED_PASSAGES} aggiunti`);
    const questions = numbers.map((number) => JSON.stringify({ question: pagedQuestion(number) })).join("\n");
    for (const mode of ["default", "bm25"]) {
      const lines = (await ragWithInput(["search", "--index", "archivio", "--top", "1", "--mode", mode], questions)).trim().split("\n");
      const found = lines.map((line) => (JSON.parse(line) as { results: Array<{ filename: string }> }).results[0]?.filename ?? "(nessuno)");
      expect(found, mode).toEqual(numbers.map(pagedFilename));
    }
  },
  AT_SIZE_TIMEOUT_MS,
);

test("eval prints each set's ablation table (recall by distinct document, MRR, ms), ending with one JSON line", async () => {
  const { stdout } = await rag([
    "eval",
    "--set",
    "demo",
    "--qa",
    join(packageDir, "test-support/rag-fixtures-qa.jsonl"),
    "--docs",
    RAG_FIXTURES_DIR,
  ]);
  type Row = { stage: string; "r@1": number; "r@5": number; "r@10": number; "mrr@10": number; ms: number };
  const last = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as {
    default: Record<string, boolean>;
    sets: Array<{ set: string; documents: number; questions: number; stages: Row[] }>;
  };
  expect(last.sets.map((set) => [set.set, set.documents, set.questions])).toEqual([["demo", 5, 6]]);
  const stages = last.sets[0]!.stages;
  expect(stages.map((row) => row.stage)).toEqual([
    "riferimento: BM25 in memoria, prefissi di 6 lettere",
    "BM25 (full-text)",
    "vettori da soli (oystar-hashed-char-ngrams-256)",
    "BM25 + vettori (fusione RRF)",
    "+ reranker (oystar-local-feature-scorer)",
    "+ deduplicazione",
    "BM25 + deduplicazione",
    "predefinita (come risponde il server)",
  ]);
  // Offline, BM25 alone is the default (retrieval-stages.ts), and it finds every fixture question.
  expect(last.default).toEqual({ fused: false, rerank: false, deduplicate: false });
  expect(stages.at(-1)).toMatchObject({ "r@10": 1, "mrr@10": expect.any(Number), ms: expect.any(Number) });
  expect(stdout).toContain("demo: 5 documenti, 6 domande");
  expect(stdout).toMatch(/\npredefinita \(come risponde il server\) +[01]\.\d{3} +[01]\.\d{3} +1\.000 /);
});

test("issue 33: ingest refuses the attack's PDF by name (it reached 4.5 GB and died) and indexes the folder's other files", async () => {
  mkdirSync(join(documents, "fascicolo"));
  writeFileSync(join(documents, "fascicolo", "lungo.pdf"), sharedStreamPdf({ pages: 1000, operations: 2000 }));
  writeFileSync(join(documents, "fascicolo", "nota.md"), "# Nota\n\nIl fascicolo contiene la clausola arbitrale.");
  // Issue 54 §5: a refusal is reported, not a failure of the command — it ends with 0 and a summary saying why.
  const { stdout, stderr } = await rag(["ingest", "--index", "fascicolo", "fascicolo"]);
  const refusal = "«lungo.pdf» non è stato indicizzato: contiene più di 4.000.000 caratteri di testo";
  expect(stderr).toContain(`lungo.pdf: ${refusal}`);
  const summary = stdout.trim().split("\n").slice(-3);
  expect(summary[0]).toMatch(/^Indice fascicolo: 1 aggiunti, 0 sostituiti, 0 invariati, 1 non indicizzati; /);
  expect(summary[1]).toBe("Non indicizzati (1):");
  expect(summary[2]).toContain(`- ${refusal}`);
});

test("issue 54 §5: `pnpm rag ingest` from the repository ends with its own summary, no package manager's banner, and names what it refused", async () => {
  mkdirSync(join(documents, "cartella"));
  writeFileSync(join(documents, "cartella", "nota.md"), "# Nota\n\nLa cartella contiene il verbale.");
  writeFileSync(join(documents, "cartella", "atto.doc"), new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  writeFileSync(join(documents, "cartella", "conti.xlsm"), "non un foglio");
  const { stdout, stderr } = await promisify(execFile)("pnpm", ["rag", "ingest", "--index", "cartella", join(documents, "cartella")], {
    cwd: join(packageDir, "../.."),
    env,
  });
  expect(stderr).not.toMatch(/ERR_PNPM|ELIFECYCLE/);
  expect(stdout.trim().split("\n").slice(-4)).toEqual([
    expect.stringMatching(/^Indice cartella: 1 aggiunti, 0 sostituiti, 0 invariati, 2 non indicizzati; /),
    "Non indicizzati (2):",
    "- «atto.doc» non è stato indicizzato, formato .doc: salvalo come .docx o come PDF e caricalo di nuovo (i file Word 97-2003 non si leggono).",
    "- «conti.xlsm» non è stato indicizzato: il file è danneggiato o non è un documento Office valido. Aprilo con il suo programma, salvalo di nuovo e caricalo.",
  ]);
});

test("issue 47 §3: a folder's symbolic links are named and never followed — no secret of the machine reaches the index, a loop ends nothing", async () => {
  const folder = join(documents, "cartella-con-collegamenti");
  mkdirSync(join(folder, "sotto"), { recursive: true });
  writeFileSync(join(folder, "nota.md"), "# Nota\n\nLa pratica Bianchi è chiusa.");
  symlinkSync("/proc/self/environ", join(folder, "ambiente.txt"));
  symlinkSync("/etc/passwd", join(folder, "utenti.txt"));
  symlinkSync("..", join(folder, "sotto", "giro"));
  symlinkSync("b.md", join(folder, "a.md"));
  symlinkSync("a.md", join(folder, "b.md"));
  // A canary among the ingesting process's secrets, as an LLM key would be.
  const canary = "chiave-canarino-7f3a9c";
  const { stdout, stderr } = await promisify(execFile)(
    tsx,
    ["--conditions=@oystar/source", "lab/rag-cli/rag-cli.ts", "ingest", "--index", "collegamenti", "cartella-con-collegamenti"],
    { cwd: packageDir, env: { ...env, LLM_API_KEY: canary } },
  );
  expect(stdout).toContain("Indice collegamenti: 1 aggiunti, 0 sostituiti, 0 invariati, 0 non indicizzati");
  for (const link of ["ambiente.txt", "utenti.txt", "a.md", "b.md", join("sotto", "giro")])
    expect(stderr).toContain(`${join(folder, link)}: collegamento simbolico ignorato`);
  const found = await ragWithInput(
    ["search", "--index", "collegamenti", "--top", "5"],
    `${JSON.stringify(canary)}\n${JSON.stringify("root bin bash")}\n`,
  );
  expect(found).not.toMatch(/ambiente|utenti/);
  expect(found).not.toContain(canary);
});

test("issue 49 §2: `references --backfill` reads the articles of documents indexed before they were read, counts them, and reads none a second time", async () => {
  mkdirSync(join(documents, "codici"));
  writeFileSync(join(documents, "codici", "codice-privacy.txt"), privacyCode);
  await rag(["ingest", "--index", "codici", "codici"]);
  // The command's own database, opened between two commands (PGlite is one process's at a time).
  type Row = { article: string | null; act: string | null };
  async function onTheIndex<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const db = await openDatabase({ dataDir: join(dataDir, "pglite") });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  }
  const passages = (db: Database) =>
    db.query<Row>(
      `SELECT c.article, c.act FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id
       WHERE d.filename = 'codice-privacy.txt' ORDER BY c.ordinal`,
    );
  const atIngestion = await onTheIndex(passages);
  expect(atIngestion.map((row) => row.article)).toContain("2-septies");
  // As a server before migrations 0061/0062 left it: no passage knows its article, no document was read.
  await onTheIndex(async (db) => {
    await db.query("UPDATE rag_chunks SET act = NULL, article = NULL, commas = NULL");
    await db.query("UPDATE rag_documents SET references_read = false");
  });

  const { stdout } = await rag(["references", "--backfill"]);
  // Every document of the database is read once (the other indexes' too); only the act has articles.
  const [documentsRow] = await onTheIndex((db) => db.query<{ documents: number }>("SELECT count(*)::int AS documents FROM rag_documents"));
  const withArticle = atIngestion.filter((row) => row.article !== null).length;
  expect(stdout.trim()).toBe(
    `Riferimenti normativi: letti ${documentsRow?.documents} documenti indicizzati prima, ${withArticle} passaggi con il loro articolo.`,
  );
  expect(await onTheIndex(passages)).toEqual(atIngestion);

  expect((await rag(["references", "--backfill"])).stdout.trim()).toBe(
    "Riferimenti normativi: nessun documento da leggere, tutti i documenti dell'indice conoscono già i loro articoli.",
  );
  await expect(rag(["references"])).rejects.toThrow(/Manca --backfill/);
});

test("eval refuses a set it does not know, naming the sets it has", async () => {
  await expect(rag(["eval", "--set", "wikipedia"])).rejects.toThrow(
    /Insieme di valutazione sconosciuto: wikipedia[\s\S]*demo,debian-dev,debian-test/,
  );
});

test("a missing index name or command is refused with the usage", async () => {
  await expect(rag(["ingest", "guide"])).rejects.toThrow(/Manca --index/);
  await expect(rag(["boh"])).rejects.toThrow(/Uso:/);
});
