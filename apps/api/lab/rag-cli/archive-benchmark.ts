// A firm's archive as a benchmark (issue 34 §5), part of `pnpm bench rag` (bench/rag.mjs runs it;
// not a test): the archive of archive-corpus.ts — text documents in a firm's formats and scanned
// pages — written to a temp folder and ingested with `pnpm rag ingest`'s own code (the reading
// processes, the formats, the OCR the server runs), one format at a time, timed; then the same
// documents' Markdown copies into an index of their own. Reported: ingestion time per format, OCR
// pages per minute, the database's size, and recall@5 of known-passage questions per format
// (known-passage-questions.ts, from the copies' passages, asked on the product's road) beside the
// recall of the same questions on the copies: a format whose text comes out garbled shows as a drop.
// When the machine has tesseract's command line, it reads the same pages, for its speed beside ours.
// Usage: tsx archive-benchmark.ts [--documents 10000] [--scanned 100] [--questions 40]
// Ends with one JSON line: the figures.
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { gunzipSync } from "fflate";
import { openPdfPages } from "../../src/ocr/pdf-pages";
import { copiedIndex, findIndex, productRoad, type RagIndex, roadPassages } from "../../src/rag";
import { ARCHIVE_FORMATS, archiveFiles, type ArchiveFormat } from "./archive-corpus";
import { openCliContext, parseArguments, type CliContext } from "./cli-context";
import { processEnvironment } from "../../src/env";
import { ingestCommand } from "./ingest-command";
import {
  corpusDocumentOf,
  knownPassageQuestions,
  PASSAGES_FOR_RECALL,
  recallOf,
  type CorpusDocument,
  type Recall,
} from "./known-passage-questions";
import { required } from "../../src/required";

export type ArchiveOptions = {
  documents: number;
  scanned: number;
  /** Known-passage questions asked per format (of the documents and of their copies). */
  questionsPerFormat: number;
  /** Whether to time tesseract's command line on the same pages, when the machine has it. */
  tesseractCli?: boolean;
};

export type FormatFigures = {
  documents: number;
  /** Documents the index holds after the format's ingestion, beyond those it held before. */
  indexed: number;
  seconds: number;
  ms_per_document: number;
  recall: Recall;
  copies_recall: Recall;
  /** recall@5 of the documents less that of their copies (negative: the format loses passages). */
  r5_difference: number;
};

export type ArchiveFigures = {
  documents: number;
  scanned: number;
  /** sha256 of every file of the archive in order: the same on every run. */
  corpus_sha256: string;
  generate_seconds: number;
  formats: Record<ArchiveFormat, FormatFigures>;
  /** The text documents (every format but the scans): target ≤ 10 minutes for 10,000. */
  text_documents_seconds: number;
  copies_seconds: number;
  ocr_pages_per_minute: number;
  tesseract_cli: TesseractCliFigures | { skipped: string };
  database_bytes: number;
  chunks: { archive: number; copies: number };
  database: string;
};

type TesseractCliFigures = {
  pages: number;
  render_seconds: number;
  /** The faster of the two runs below. */
  recognize_seconds: number;
  recognize_seconds_all_threads: number;
  recognize_seconds_one_thread: number;
  pages_per_minute: number;
  /** Our OCR's pages per minute over tesseract's: the target is at least 0.9. */
  product_share: number;
  /**
   * Beside it, tesseract on the whole machine: one command per core on one thread each, the pages
   * shared between them, their drawing counted as if shared too. Our OCR uses every core (one
   * reading process per core), so this says how it fares core for core.
   */
  whole_machine: { commands: number; recognize_seconds: number; pages_per_minute: number; product_share: number };
};

const ARCHIVE_INDEX = "archivio";
const COPIES_INDEX = "archivio-copie";
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Writes the archive under `folder` (archivio/<format>/…, copie/…); the copies as ingestion will read them, by format. */
async function writeArchive(folder: string, options: ArchiveOptions) {
  const hash = createHash("sha256");
  const corpus: CorpusDocument[] = [];
  const formatOfCopy = new Map<string, ArchiveFormat>();
  const counts = Object.fromEntries(ARCHIVE_FORMATS.map((format) => [format, 0])) as Record<ArchiveFormat, number>;
  for (const format of ARCHIVE_FORMATS) mkdirSync(join(folder, "archivio", format), { recursive: true });
  mkdirSync(join(folder, "copie"));
  for await (const file of archiveFiles(options)) {
    hash.update(file.filename).update(file.bytes);
    writeFileSync(join(folder, "archivio", file.format, file.filename), file.bytes);
    writeFileSync(join(folder, "copie", file.copy.filename), file.copy.text);
    corpus.push(await corpusDocumentOf(file.copy.filename, file.copy.text));
    formatOfCopy.set(file.copy.filename, file.format);
    counts[file.format] += 1;
  }
  return { sha256: hash.digest("hex"), corpus, formatOfCopy, counts };
}

/** Ingests `paths` into `name` with `pnpm rag ingest`'s code: the seconds it took and the documents it added. */
async function timedIngest(context: CliContext, name: string, paths: string[]) {
  const before = (await findIndex(context.db, name))?.documents ?? 0;
  const started = performance.now();
  await ingestCommand(context, name, paths);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, indexed: ((await findIndex(context.db, name))?.documents ?? 0) - before };
}

/** The tesseract command line, if this machine has it. */
function tesseractVersion(): string | null {
  try {
    return execFileSync("tesseract", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
      .split("\n", 1)
      .join("")
      .trim();
  } catch {
    return null;
  }
}

/**
 * The same scanned pages read by tesseract's own command line, with the same Italian model
 * (@tesseract.js-data/ita, LSTM) and the same pictures (the product's renderPage at its 200 dpi):
 * how fast tesseract itself reads, drawing included, beside our OCR road.
 */
async function tesseractCli(
  folder: string,
  scans: string[],
  productPagesPerMinute: number,
): Promise<TesseractCliFigures | { skipped: string }> {
  const version = tesseractVersion();
  if (!version) return { skipped: "il comando tesseract non c'è su questa macchina" };
  if (scans.length === 0) return { skipped: "nessuna pagina scansionata" };
  const tessdata = join(folder, "tessdata");
  mkdirSync(tessdata);
  const model = join(
    dirname(createRequire(import.meta.url).resolve("@tesseract.js-data/ita/package.json")),
    "4.0.0_best_int",
    "ita.traineddata.gz",
  );
  writeFileSync(join(tessdata, "ita.traineddata"), gunzipSync(readFileSync(model)));
  const pictures: string[] = [];
  const drawing = performance.now();
  for (const [number, scan] of scans.entries()) {
    const pages = await openPdfPages(readFileSync(scan));
    const picture = join(folder, `pagina-${number}.png`);
    writeFileSync(picture, await pages.render(1));
    await pages.close();
    pictures.push(picture);
  }
  const renderSeconds = (performance.now() - drawing) / 1000;
  // One command for all the pages (a list of pictures): the model is loaded once, as our reading process loads it once.
  const list = join(folder, "pagine.txt");
  writeFileSync(list, `${pictures.join("\n")}\n`);
  // As it comes (OpenMP's threads on every core), and on one thread as our OCR reads: the faster is the yardstick.
  const timed = (env: NodeJS.ProcessEnv) => {
    const reading = performance.now();
    execFileSync("tesseract", [list, "stdout", "--tessdata-dir", tessdata, "-l", "ita", "--oem", "1"], {
      stdio: ["ignore", "ignore", "ignore"],
      env,
    });
    return (performance.now() - reading) / 1000;
  };
  const { OMP_THREAD_LIMIT: _limit, ...unlimited } = processEnvironment();
  const allThreadsSeconds = timed(unlimited);
  const oneThreadSeconds = timed({ ...unlimited, OMP_THREAD_LIMIT: "1" });
  const recognizeSeconds = Math.min(allThreadsSeconds, oneThreadSeconds);
  const pagesPerMinute = (pictures.length * 60) / (renderSeconds + recognizeSeconds);
  // The whole machine: one command per core, each on one thread with its share of the pages.
  const commands = Math.min(availableParallelism(), pictures.length);
  const shares = Array.from({ length: commands }, (_, share) => pictures.filter((_, page) => page % commands === share));
  const sharing = performance.now();
  await Promise.all(
    shares.map((share, number) => {
      const shareList = join(folder, `pagine-${number}.txt`);
      writeFileSync(shareList, `${share.join("\n")}\n`);
      return run("tesseract", [shareList, "stdout", "--tessdata-dir", tessdata, "-l", "ita", "--oem", "1"], {
        env: { ...unlimited, OMP_THREAD_LIMIT: "1" },
        maxBuffer: 64 * 1024 * 1024,
      });
    }),
  );
  const sharedSeconds = (performance.now() - sharing) / 1000;
  const machinePagesPerMinute = (pictures.length * 60) / (renderSeconds / commands + sharedSeconds);
  console.info(`${version}: ${pictures.length} pagine`);
  return {
    pages: pictures.length,
    render_seconds: round(renderSeconds),
    recognize_seconds: round(recognizeSeconds),
    recognize_seconds_all_threads: round(allThreadsSeconds),
    recognize_seconds_one_thread: round(oneThreadSeconds),
    pages_per_minute: round(pagesPerMinute),
    product_share: round(productPagesPerMinute / pagesPerMinute, 2),
    whole_machine: {
      commands,
      recognize_seconds: round(sharedSeconds),
      pages_per_minute: round(machinePagesPerMinute),
      product_share: round(productPagesPerMinute / machinePagesPerMinute, 2),
    },
  };
}

const run = promisify(execFile);

/** The whole benchmark on `context`'s database (its indexes `archivio` and `archivio-copie` are made or added to). */
export async function archiveBenchmark(context: CliContext, options: ArchiveOptions): Promise<ArchiveFigures> {
  const folder = mkdtempSync(join(tmpdir(), "oystar-archivio-"));
  try {
    const generating = performance.now();
    const archive = await writeArchive(folder, options);
    const generateSeconds = (performance.now() - generating) / 1000;

    const ingested = {} as Record<ArchiveFormat, { seconds: number; indexed: number }>;
    for (const format of ARCHIVE_FORMATS) {
      if (archive.counts[format] === 0) continue;
      console.info(`\nArchivio, ${format}: ${archive.counts[format]} documenti`);
      ingested[format] = await timedIngest(context, ARCHIVE_INDEX, [join(folder, "archivio", format)]);
    }
    console.info(`\nCopie in testo: ${archive.corpus.length} documenti`);
    const copies = await timedIngest(context, COPIES_INDEX, [join(folder, "copie")]);
    const [size] = await context.db.query<{ bytes: string }>("SELECT pg_database_size(current_database())::text AS bytes");

    const indexes = {
      archive: required(await findIndex(context.db, ARCHIVE_INDEX), `the index ${ARCHIVE_INDEX}`),
      copies: required(await findIndex(context.db, COPIES_INDEX), `the index ${COPIES_INDEX}`),
    };
    // Both indexes asked from their copies in memory, as a running server answers once it holds
    // them (a large index's copy is made in the background; until then Postgres answers, capped).
    await copiedIndex(context.db, indexes.archive);
    await copiedIndex(context.db, indexes.copies);
    const road = await productRoad(context.engine, context.env);
    const rankedIn = async (index: RagIndex, question: string) =>
      (await roadPassages(road, [index], question, PASSAGES_FOR_RECALL)).passages.map((passage) => passage.filename);
    const formats = {} as Record<ArchiveFormat, FormatFigures>;
    for (const format of ARCHIVE_FORMATS) {
      if (archive.counts[format] === 0) continue;
      const questions = knownPassageQuestions(
        archive.corpus,
        options.questionsPerFormat,
        undefined,
        (document) => archive.formatOfCopy.get(document.filename) === format,
      );
      const inArchive: Array<{ answerFile: string; ranked: string[] }> = [];
      const inCopies: Array<{ answerFile: string; ranked: string[] }> = [];
      for (const question of questions) {
        // The document answering in the archive is the copy's original: same name, its format's extension.
        const original = question.answerFile.replace(/\.md$/, format === "scan" ? ".pdf" : `.${format}`);
        inArchive.push({ answerFile: original, ranked: await rankedIn(indexes.archive, question.question) });
        inCopies.push({ answerFile: question.answerFile, ranked: await rankedIn(indexes.copies, question.question) });
      }
      const recall = recallOf(inArchive);
      const copiesRecall = recallOf(inCopies);
      const { seconds, indexed } = ingested[format];
      formats[format] = {
        documents: archive.counts[format],
        indexed,
        seconds: round(seconds),
        ms_per_document: round((seconds * 1000) / archive.counts[format], 0),
        recall,
        copies_recall: copiesRecall,
        r5_difference: round(recall["r@5"] - copiesRecall["r@5"], 3),
      };
    }
    const textSeconds = ARCHIVE_FORMATS.filter((format) => format !== "scan").reduce(
      (sum, format) => sum + (ingested[format]?.seconds ?? 0),
      0,
    );
    const ocrPagesPerMinute = ingested.scan ? (archive.counts.scan * 60) / ingested.scan.seconds : 0;
    const scans = Array.from({ length: archive.counts.scan }, (_, number) =>
      join(folder, "archivio", "scan", `scan-${String(number).padStart(6, "0")}.pdf`),
    );
    return {
      documents: options.documents,
      scanned: options.scanned,
      corpus_sha256: archive.sha256,
      generate_seconds: round(generateSeconds),
      formats,
      text_documents_seconds: round(textSeconds),
      copies_seconds: round(copies.seconds),
      ocr_pages_per_minute: round(ocrPagesPerMinute),
      tesseract_cli: options.tesseractCli === false ? { skipped: "non chiesto" } : await tesseractCli(folder, scans, ocrPagesPerMinute),
      database_bytes: Number(size?.bytes ?? 0),
      chunks: { archive: indexes.archive.chunkCount, copies: indexes.copies.chunkCount },
      database: context.db.kind,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const FORMAT_NAMES: Record<ArchiveFormat, string> = {
  docx: "Word (.docx)",
  odt: "Writer (.odt)",
  pdf: "PDF di testo",
  eml: "E-mail (.eml)",
  xlsx: "Excel (.xlsx)",
  ods: "Calc (.ods)",
  csv: "CSV",
  scan: "Scansioni (OCR)",
};

/** The figures as the table `pnpm bench rag` prints. */
export function archiveTable(figures: ArchiveFigures): string {
  const rows = Object.entries(figures.formats).map(([format, row]) =>
    [
      FORMAT_NAMES[format as ArchiveFormat].padEnd(16),
      String(row.documents).padStart(6),
      `${row.seconds.toFixed(1)} s`.padStart(9),
      `${row.ms_per_document} ms`.padStart(9),
      String(row.recall.questions).padStart(7),
      row.recall["r@5"].toFixed(3).padStart(8),
      row.copies_recall["r@5"].toFixed(3).padStart(8),
      `${row.r5_difference >= 0 ? "+" : ""}${row.r5_difference.toFixed(3)}`.padStart(7),
      row.r5_difference >= -0.02 ? "  sì" : "  NO",
    ].join(" "),
  );
  const cli = figures.tesseract_cli;
  const minutes = figures.text_documents_seconds / 60;
  return [
    `Archivio di uno studio (${figures.documents} documenti + ${figures.scanned} pagine scansionate, ${figures.database}; corpus sha256 ${figures.corpus_sha256.slice(0, 12)}…)`,
    `${"formato".padEnd(16)} ${"doc.".padStart(6)} ${"ingestione".padStart(9)} ${"a doc.".padStart(9)} ${"domande".padStart(7)} ${"r@5".padStart(8)} ${"r@5 copie".padStart(8)} ${"diff.".padStart(7)}  entro 0,02`,
    ...rows,
    `documenti di testo indicizzati in ${minutes.toFixed(2)} min (obiettivo ≤ 10 min per 10.000: ${minutes <= 10 * (figures.documents / 10_000) ? "rispettato" : "SUPERATO"}); copie in testo in ${(figures.copies_seconds / 60).toFixed(2)} min`,
    `OCR all'ingestione: ${figures.ocr_pages_per_minute} pagine al minuto` +
      ("skipped" in cli
        ? ` (confronto con tesseract da riga di comando non fatto: ${cli.skipped})`
        : `; tesseract da riga di comando sulle stesse pagine: ${cli.pages_per_minute} pagine al minuto (disegno ${cli.render_seconds} s, lettura ${cli.recognize_seconds_all_threads} s con tutti i thread, ${cli.recognize_seconds_one_thread} s con uno): ` +
          `il nostro ${Math.round(cli.product_share * 100)} % (obiettivo ≥ 90 %: ${cli.product_share >= 0.9 ? "rispettato" : "NON rispettato"}); ` +
          `a macchina piena (${cli.whole_machine.commands} comandi da un thread in parallelo, ${cli.whole_machine.recognize_seconds} s): ${cli.whole_machine.pages_per_minute} pagine al minuto, il nostro ${Math.round(cli.whole_machine.product_share * 100)} %`),
    `database: ${(figures.database_bytes / 1024 / 1024).toFixed(1)} MB; passaggi: ${figures.chunks.archive} dell'archivio, ${figures.chunks.copies} delle copie`,
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { options } = parseArguments(process.argv.slice(2));
  const context = await openCliContext();
  try {
    const figures = await archiveBenchmark(context, {
      documents: Number(options.get("documents") ?? 10_000),
      scanned: Number(options.get("scanned") ?? 100),
      questionsPerFormat: Number(options.get("questions") ?? 40),
    });
    console.info(`\n${archiveTable(figures)}`);
    console.info(JSON.stringify(figures));
  } finally {
    await context.close();
  }
}
