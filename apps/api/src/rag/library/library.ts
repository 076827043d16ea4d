import { randomBytes } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import type { Database } from "../../db/database";
import type { RagEngine } from "../rag-engine";
import { LibraryReading } from "./library-reading";
import { SiteReading, type PageFetcher } from "./site-reading";

// Issue 48: what one server process holds of the customers' libraries — the uploads it received,
// waiting on its disk in a folder of its own, and their reading. Everything else is in the database.

export type Library = { reading: LibraryReading; sites: SiteReading; uploadFolder: string; close(): Promise<void> };

/** Upload folders of processes gone this long ago are removed at start (their rows were settled as interrupted). */
const FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;

export async function openLibrary(db: Database, engine: RagEngine, dataDir: string, fetchPage: PageFetcher): Promise<Library> {
  const serverId = `${hostname()}-${process.pid}-${randomBytes(4).toString("hex")}`;
  const uploads = join(dataDir, "uploads");
  await removeForgottenUploads(uploads);
  const uploadFolder = join(uploads, serverId);
  const reading = new LibraryReading(db, engine, serverId);
  const sites = new SiteReading(db, engine, fetchPage);
  // Issue 48 §4: the daily re-reading of every site, by whichever server claims each first.
  sites.startDaily();
  return {
    reading,
    sites,
    uploadFolder,
    close: async () => {
      await sites.close();
      await reading.close();
      await rm(uploadFolder, { recursive: true, force: true });
    },
  };
}

async function removeForgottenUploads(uploads: string) {
  const folders = await readdir(uploads).catch(() => [] as string[]);
  for (const folder of folders) {
    const path = join(uploads, folder);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > FORGOTTEN_AFTER_MS) await rm(path, { recursive: true, force: true });
  }
}
