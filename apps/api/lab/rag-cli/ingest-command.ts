import { SingleBar } from "cli-progress";
import { readFile, stat } from "node:fs/promises";
import {
  ensureSharedIndex,
  finishIngestion,
  INDEX_NAME,
  ingestFiles,
  ingestibleFiles,
  type RagIndex,
  withoutVectorIndexDuring,
} from "../../src/rag";
import { callerPath, type CliContext } from "./cli-context";

/** `pnpm rag ingest --index NAME PATH…`: a file already in the index is replaced. */
export async function ingestCommand(context: CliContext, indexName: string, paths: readonly string[]): Promise<void> {
  if (!INDEX_NAME.test(indexName)) throw new Error(`Nome di indice non valido: ${indexName} (minuscole, cifre, . _ -)`);
  if (paths.length === 0) throw new Error("Indica almeno un file o una cartella da indicizzare.");
  const { files, skipped } = await ingestibleFiles(paths.map(callerPath));
  for (const entry of skipped) console.error(`${entry.path}: ${entry.reason}`);
  const index = await ensureSharedIndex(context.db, indexName);
  // A large load into PGlite builds the vector index once at the end (never on a shared
  // PostgreSQL, where a running server searches it).
  const incoming = (await Promise.all(files.map((file) => stat(file.path)))).reduce((sum, info) => sum + info.size, 0) / 700;
  const [stored] = await context.db.query<{ chunks: number }>("SELECT count(*)::int AS chunks FROM rag_chunks");
  const bulk = context.db.kind === "pglite" && context.engine.vectors && incoming > Math.max(2000, stored?.chunks ?? 0);
  const load = () => ingestAll(context, index, files);
  if (bulk) await withoutVectorIndexDuring(context.db, context.engine.embedder, load);
  else await load();
}

/** Files per transaction: large enough to share its statements, small enough to show progress. */
const FILES_PER_BATCH = 100;

async function ingestAll(context: CliContext, index: RagIndex, files: ReadonlyArray<{ path: string; filename: string }>): Promise<void> {
  const bar = new SingleBar({
    format: "{bar} {value}/{total} file | {chunks} passaggi | {file}",
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 2000,
  });
  const counts = { added: 0, replaced: 0, unchanged: 0 };
  // Each refusal names its file and says why (issue 54 §5): listed again under the summary.
  const refused: string[] = [];
  let chunks = 0;
  const started = performance.now();
  bar.start(files.length, 0, { chunks, file: "" });
  for (let start = 0; start < files.length; start += FILES_PER_BATCH) {
    const batch = files.slice(start, start + FILES_PER_BATCH);
    const read = await Promise.all(batch.map(async (file) => ({ filename: file.filename, bytes: await readFile(file.path) })));
    const results = await ingestFiles(context.db, index, read, { embedder: context.engine.embedder, vectors: context.engine.vectors });
    // An e-mail's attachments are counted as the documents of their own they are.
    for (const result of results.flatMap((outcome) => [outcome, ...("error" in outcome ? [] : (outcome.attachments ?? []))])) {
      if ("error" in result) {
        refused.push(refusalOf(result));
        bar.stop();
        console.error(`${result.filename}: ${result.error.message}`);
        bar.start(files.length, start, { chunks, file: "" });
      } else {
        counts[result.status] += 1;
        chunks += result.chunks;
      }
    }
    bar.update(start + batch.length, { chunks, file: batch.at(-1)?.filename.slice(-40) ?? "" });
  }
  bar.stop();
  await finishIngestion(context.db);
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `Indice ${index.name}: ${counts.added} aggiunti, ${counts.replaced} sostituiti, ${counts.unchanged} invariati, ${refused.length} non indicizzati; ` +
      `${chunks} passaggi in ${seconds.toFixed(1)} s (${Math.round(chunks / Math.max(seconds, 0.001))} passaggi/s).`,
  );
  // A file refused is an outcome the summary reports, not the command failing: it ends with 0, and
  // pnpm prints no failure banner over it (issue 54 §5: it read like a crash).
  if (refused.length > 0) console.info([`Non indicizzati (${refused.length}):`, ...refused.map((reason) => `- ${reason}`)].join("\n"));
}

/** A refusal's line: its message names the file; one that does not (a failure of ours) is named here. */
function refusalOf({ filename, error }: { filename: string; error: Error }): string {
  const name = filename.split("/").pop() ?? filename;
  return error.message.includes(`«${name}»`) ? error.message : `«${filename}»: ${error.message}`;
}
