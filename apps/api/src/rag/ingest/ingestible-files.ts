import { readdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { isConsidered } from "./formats/extensions";

/**
 * Every ingestible file under the given paths (folders recursively, hidden entries skipped),
 * sorted, each with its name as the index keeps it: its path under the folder given. Used by
 * `pnpm rag ingest` and the development indexes read at start.
 */
export async function ingestibleFiles(paths: readonly string[]): Promise<Array<{ path: string; filename: string }>> {
  const found: Array<{ path: string; filename: string }> = [];
  const walk = async (path: string, root: string) => {
    const info = await stat(path);
    if (info.isDirectory()) {
      for (const entry of (await readdir(path)).sort()) if (!entry.startsWith(".")) await walk(join(path, entry), root);
    } else if (isConsidered(path)) {
      found.push({ path, filename: relative(root, path) || path.split("/").pop()! });
    }
  };
  for (const path of paths) {
    const info = await stat(path);
    await walk(path, info.isDirectory() ? path : join(path, ".."));
  }
  return found;
}
