// `pnpm rag <command>` (DESIGN.md §8): the RAG engine from the command line, on the server's
// database (DATA_DIR or DATABASE_URL).
//   pnpm rag ingest --index NAME PATH…      .md .txt .html .pdf; folders recursively; a file already
//                                          in the index is replaced
//   pnpm rag search --index NAME [--top K] [--mode default|bm25]
//                                          one {"question": "…"} per stdin line → one JSON line each
//   pnpm rag eval [--set demo,debian-dev,debian-test,references] [--qa FILE --docs DIR] [--spell-check] [--field-extraction]
//                                          the ablation table of each question set (eval-command.ts):
//                                          recall@1/5/10 and MRR@10 by distinct document, ms/question
//   pnpm rag references --backfill        the documents indexed before their articles were read
//                                          (migrations 0061/0062) learn them now, as at the server's start
//   pnpm rag abstention [--qa FILE] [--unanswerable FILE] [--docs DIR]
//                                          how often the answer is 'not in the documents' when it should
//                                          be, and how often when it should not (both halves), and on
//                                          the Debian halves with each answer's paragraph withheld
import { fileURLToPath } from "node:url";
import { abstentionCommand } from "./abstention-command";
import { parseArguments, withCliContext } from "./cli-context";
import { evalCommand } from "./eval-command";
import { debianSets, EVAL_SET_NAMES, folderSet, type EvalSet } from "./eval-sets";
import { logToStandardError } from "../../src/observe/log";
import { ingestCommand } from "./ingest-command";
import { REFERENCE_SET_NAMES, referenceSets } from "./reference-sets";
import { referencesBackfillCommand } from "./references-command";
import { searchCommand, type SearchMode } from "./search-command";

const packageDir = fileURLToPath(new URL("../../", import.meta.url));
const debianDir = `${packageDir}rag-eval/debian-it`;
const usage = `Uso:
  pnpm rag ingest --index NOME PERCORSO…
  pnpm rag search --index NOME [--top K] [--mode default|bm25]   (domande su stdin, una per riga: {"question": "…"})
  pnpm rag eval [--set ${[...EVAL_SET_NAMES, ...REFERENCE_SET_NAMES].join(",")}] [--qa FILE --docs CARTELLA] [--spell-check] [--field-extraction]
  pnpm rag references --backfill   (legge gli articoli dei documenti indicizzati prima che fossero riconosciuti)
  pnpm rag abstention [--qa FILE] [--unanswerable FILE] [--docs CARTELLA]
Con PGlite (senza DATABASE_URL) il server non deve essere avviato sulla stessa DATA_DIR.`;

async function main(words: readonly string[]) {
  // stdout is the command's answer (search's JSON lines, ingest's summary): the log goes to stderr.
  logToStandardError();
  const [command, ...rest] = words;
  const { options, rest: paths } = parseArguments(rest);
  const index = options.get("index");
  if (command === "ingest" || command === "search") {
    if (!index) throw new Error(`Manca --index.\n${usage}`);
    await withCliContext({}, async (context) => {
      if (command === "ingest") return ingestCommand(context, index, paths);
      const top = Number(options.get("top") ?? 10);
      if (!Number.isInteger(top) || top < 1 || top > 100) throw new Error("--top deve essere un intero tra 1 e 100");
      const mode = (options.get("mode") ?? "default") as SearchMode;
      if (mode !== "default" && mode !== "bm25") throw new Error("--mode deve essere default o bm25");
      return searchCommand(context, index, top, mode);
    });
    return;
  }
  if (command === "references") {
    if (!options.has("backfill")) throw new Error(`Manca --backfill.\n${usage}`);
    await withCliContext({}, referencesBackfillCommand);
    return;
  }
  if (command === "eval") {
    // A fresh in-memory database: the evaluation never touches the server's data.
    await withCliContext({ inMemory: true }, async (context) =>
      evalCommand(context, await evalSets(options, context.env.rag.demoDir), {
        ...(options.has("spell-check") ? { enableSpellCheck: true } : {}),
        ...(options.has("field-extraction") ? { useFieldExtraction: true } : {}),
      }),
    );
    return;
  }
  if (command === "abstention") {
    await withCliContext({ inMemory: true }, async (context) =>
      abstentionCommand(
        context,
        options.get("qa") ?? `${packageDir}rag-eval/qa.jsonl`,
        options.get("unanswerable") ?? `${packageDir}rag-eval/unanswerable.jsonl`,
        options.get("docs") ?? context.env.rag.demoDir,
        Object.values(await debianSets(debianDir)),
      ),
    );
    return;
  }
  console.error(usage);
  process.exitCode = 2;
}

/** `--set` names the sets (all by default); `--qa` and `--docs` replace the demo set's questions and documents. */
async function evalSets(options: Map<string, string>, demoDir: string): Promise<EvalSet[]> {
  const names = (options.get("set") ?? EVAL_SET_NAMES.join(",")).split(",");
  const known: readonly string[] = [...EVAL_SET_NAMES, ...REFERENCE_SET_NAMES];
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`Insieme di valutazione sconosciuto: ${unknown.join(", ")}\n${usage}`);
  const debian = await debianSets(debianDir);
  // Issue 49 §6: «references» is both halves of the reference sets; «references-dev» the half tuned on.
  const sets = await Promise.all(
    names.map(async (name) =>
      name === "demo"
        ? [await folderSet("demo", options.get("qa") ?? `${packageDir}rag-eval/qa.jsonl`, options.get("docs") ?? demoDir)]
        : name.startsWith("references")
          ? referenceSets(name === "references" ? ["dev", "test"] : [name === "references-dev" ? "dev" : "test"])
          : [debian[name === "debian-dev" ? "dev" : "test"]],
    ),
  );
  return sets.flat();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
