import { isAbsolute, join, resolve } from "node:path";
import { openDatabase, type Database } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import { loadEnv, processEnvironment, type Env } from "../../src/env";
import { createRagEngine, type RagFrontDoor } from "../../src/rag";

// What every `pnpm rag` command opens: the server's own database (DATABASE_URL, or PGlite under
// DATA_DIR — only while no server holds that folder: PGlite is one process's at a time), migrated,
// and the engine with the server's embedder and reranker.

export type CliContext = { env: Env; db: Database; engine: RagFrontDoor; close(): Promise<void> };

export async function openCliContext(options: { inMemory?: boolean } = {}): Promise<CliContext> {
  const env = loadEnv();
  const db = options.inMemory
    ? await openDatabase({ dataDir: null })
    : await openDatabase({ databaseUrl: env.databaseUrl, dataDir: join(env.dataDir, "pglite") });
  await migrate(db);
  const engine = await createRagEngine({ database: db, config: env, demo: false });
  return { env, db, engine, close: () => db.close() };
}

/** Runs one command on an opened context, and closes it however the command ends. */
export async function withCliContext<T>(options: { inMemory?: boolean }, run: (context: CliContext) => Promise<T>): Promise<T> {
  const context = await openCliContext(options);
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

/** Paths on the command line are the caller's: pnpm runs scripts from the package folder. */
export const callerPath = (path: string) => (isAbsolute(path) ? path : resolve(processEnvironment().INIT_CWD ?? process.cwd(), path));

/** `--name value` options and the remaining words. */
export function parseArguments(words: readonly string[]): { options: Map<string, string>; rest: string[] } {
  const options = new Map<string, string>();
  const rest: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? "";
    if (word.startsWith("--")) {
      const [name, inline] = word.slice(2).split("=", 2) as [string, string | undefined];
      const following = words[index + 1];
      if (inline !== undefined) options.set(name, inline);
      else if (following !== undefined && !following.startsWith("--")) {
        options.set(name, following);
        index += 1;
      } else options.set(name, "true");
    } else rest.push(word);
  }
  return { options, rest };
}
