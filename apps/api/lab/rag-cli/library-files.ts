// Part of `pnpm bench rag --parts library` (bench/support/library-upload.mjs runs it; not a test):
// writes the firm's archive's first N documents (archive-corpus.ts: Word, LibreOffice, text PDFs,
// e-mails, spreadsheets, CSV — the same files on every run) into a folder, for the same files to be
// ingested by `pnpm rag ingest` and uploaded through the library's HTTP route.
// Usage: tsx library-files.ts --folder DIR [--documents 1000]. Ends with one JSON line: {files, bytes}.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { archiveFiles } from "./archive-corpus";
import { parseArguments } from "./cli-context";

const { options } = parseArguments(process.argv.slice(2));
const folder = options.get("folder");
if (!folder) throw new Error("--folder DIR manca");
const documents = Number(options.get("documents") ?? 1000);

mkdirSync(folder, { recursive: true });
let files = 0;
let bytes = 0;
for await (const file of archiveFiles({ documents, scanned: 0 })) {
  writeFileSync(join(folder, file.filename), file.bytes);
  files += 1;
  bytes += file.bytes.byteLength;
}
console.info(JSON.stringify({ files, bytes }));
