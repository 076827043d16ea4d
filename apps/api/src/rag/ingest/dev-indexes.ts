import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { ingestibleFiles } from "./ingestible-files";
import { finishIngestion, ingestFile } from "./ingestion";
import { createIndex, findIndex, INDEX_NAME } from "../rag-store";
import type { RetrievalEngine } from "../retrieve/retrieval";

// Development and tests only (AUTH_MODE=dev, never production): customers' own indexes read from
// a folder at start — RAG_DEV_INDEXES_DIR/<owner's email>/<index name>/<files, in folders too> —
// so a developer, and the e2e journeys, see a customer's documents (their own PDFs, hostile ones)
// in the RAG and the source viewer without an upload form. The owners are accounts that exist
// (the built-in provider's seeded ones); files already indexed unchanged cost a hash comparison.

export async function seedDevIndexes(
  engine: Pick<RetrievalEngine, "db" | "embedder" | "vectors">,
  folder: string,
  log: (line: string) => void,
): Promise<void> {
  const { db } = engine;
  for (const email of await subfolders(folder)) {
    const [owner] = await db.query<{ id: string }>("SELECT id::text FROM users WHERE lower(email) = lower($1) ORDER BY users.id LIMIT 1", [
      email,
    ]);
    if (!owner) {
      log(`Indici di sviluppo: nessun account ${email}, cartella saltata.`);
      continue;
    }
    for (const name of await subfolders(join(folder, email))) {
      if (!INDEX_NAME.test(name)) {
        log(`Indici di sviluppo: nome di indice non valido «${name}», cartella saltata.`);
        continue;
      }
      const existing = await findIndex(db, name);
      if (existing && existing.ownerId !== owner.id) {
        log(`Indici di sviluppo: l'indice ${name} esiste già e non è di ${email}, cartella saltata.`);
        continue;
      }
      const index = existing ?? (await createIndex(db, { name, ownerId: owner.id }));
      let changed = 0;
      const { files, skipped } = await ingestibleFiles([join(folder, email, name)]);
      for (const entry of skipped) log(`Indici di sviluppo: ${entry.path}: ${entry.reason}.`);
      for (const file of files) {
        const result = await ingestFile(
          db,
          index,
          { filename: file.filename, bytes: await readFile(file.path) },
          { embedder: engine.embedder, vectors: engine.vectors },
        );
        if (result.status !== "unchanged") changed += 1;
      }
      if (changed > 0) log(`Indice di sviluppo ${name} di ${email}: ${changed} documenti aggiornati.`);
    }
  }
  await finishIngestion(db);
}

async function subfolders(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const folders: string[] = [];
  for (const name of names.sort()) if (!name.startsWith(".") && (await stat(join(folder, name))).isDirectory()) folders.push(name);
  return folders;
}
