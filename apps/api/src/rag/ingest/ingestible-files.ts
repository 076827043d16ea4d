import { lstat, readdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { isConsidered } from "./formats/extensions";
import { ragMessages } from "../messages";

/** A file found and how the index names it: its path under the folder given. */
export type IngestibleFile = { path: string; filename: string };
/** An entry of a folder that is not read, and why (in Italian, for the command's report). */
export type SkippedEntry = { path: string; reason: string };

/**
 * Every ingestible file under the given paths (folders recursively, hidden entries skipped),
 * sorted, each with its name as the index keeps it. Used by `pnpm rag ingest` and the development
 * indexes read at start.
 *
 * Inside a folder only its own files and folders are read (issue 47 §3: a folder holding
 * `ambiente.txt → /proc/self/environ` indexed the process's secrets for every RAG customer). A
 * symbolic link is never followed — so nothing outside the folder is read, and a loop of links
 * cannot happen — nor is anything that is not a plain file (a pipe would never end); each is
 * named in `skipped`. A path given by the operator is taken as it is, link or not.
 */
export async function ingestibleFiles(paths: readonly string[]): Promise<{ files: IngestibleFile[]; skipped: SkippedEntry[] }> {
  const files: IngestibleFile[] = [];
  const skipped: SkippedEntry[] = [];
  const take = (path: string, root: string) => {
    if (isConsidered(path)) files.push({ path, filename: relative(root, path) || (path.split("/").pop() ?? path) });
  };
  const walk = async (folder: string, root: string) => {
    for (const entry of (await readdir(folder)).sort()) {
      if (entry.startsWith(".")) continue;
      const path = join(folder, entry);
      const info = await lstat(path);
      if (info.isDirectory()) await walk(path, root);
      else if (info.isFile()) take(path, root);
      else if (info.isSymbolicLink()) skipped.push({ path, reason: ragMessages.documents.symbolicLinkSkipped });
      else if (isConsidered(path)) skipped.push({ path, reason: ragMessages.documents.notAPlainFile });
    }
  };
  for (const path of paths) {
    const info = await stat(path);
    if (info.isDirectory()) await walk(path, path);
    else if (info.isFile()) take(path, join(path, ".."));
    else skipped.push({ path, reason: ragMessages.documents.notAPlainFile });
  }
  return { files, skipped };
}
