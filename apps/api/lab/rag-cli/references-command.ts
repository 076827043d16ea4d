import { backfillReferences } from "../../src/rag";
import type { CliContext } from "./cli-context";

/**
 * `pnpm rag references --backfill` (issue 49 §2): the documents indexed before migration 0061/0062
 * learn their act and article now, as the server does at its start (the same backfillReferences),
 * for an operator who wants it done — and counted — before starting the server. Each document is
 * read once: run again, it reads none.
 */
export async function referencesBackfillCommand(context: CliContext): Promise<void> {
  const read = await backfillReferences(context.db);
  const summary =
    read.documents === 0
      ? "Riferimenti normativi: nessun documento da leggere, tutti i documenti dell'indice conoscono già i loro articoli."
      : `Riferimenti normativi: letti ${read.documents} documenti indicizzati prima, ${read.passages} passaggi con il loro articolo.`;
  // stdout is the command's answer (the log goes to stderr).
  process.stdout.write(`${summary}\n`);
}
