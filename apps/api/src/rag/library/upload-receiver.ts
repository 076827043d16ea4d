import busboy from "busboy";
import { randomBytes } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import type { IncomingHttpHeaders } from "node:http";
import { basename, join, posix } from "node:path";
import type { Readable } from "node:stream";
import { ragMessages } from "../messages";
import { INGESTIBLE_EXTENSIONS, isConsidered } from "../ingest/formats/extensions";
import { libraryMessages } from "./messages";

// Issue 48 §2: an upload streamed to the server's disk as it arrives — never whole in memory —
// file by file: a file past what is left of the plan's space (or past the largest file) is cut
// off as soon as it passes it and refused by name, a file of a format that is not read is refused
// without a byte kept. An upload that stops arriving (a closed laptop) leaves nothing: every file
// of it is deleted, and no document is made (the caller makes them only from a whole upload).

/** Spec 001 §9: uploads up to 100 MB a file. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Files in one request: a folder of a firm is sent by the page in batches far smaller. */
export const MAX_FILES_PER_UPLOAD = 1000;
/** A slow line is fine; an upload that sends nothing for this long has stopped. */
export const UPLOAD_IDLE_MS = 60_000;

export type ReceivedFile = { path: string; size: number; spool: string | null; refused: string | null };

export type UploadLimits = {
  /** The plan's space not yet used or promised to uploads still being read. */
  spaceLeft: number;
  spaceLimit: number;
  maxFileBytes?: number;
  maxFiles?: number;
  idleMs?: number;
};

export type ReceivedUpload = { ok: true; files: ReceivedFile[] } | { ok: false; status: 400 | 408 | 413 | 415; error: string };

/**
 * A file's path as its index keeps it: the name the browser gave the part (a folder's relative
 * path, «Contratti/2024/affitto.docx»), with no way out of the folder and no hidden parts.
 */
export function libraryPath(name: string): string | null {
  const parts = posix
    .normalize(name.replaceAll("\\", "/"))
    .split("/")
    .filter((part) => part !== "" && part !== "." && part !== "..");
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (parts.length === 0 || parts.some((part) => part.startsWith(".") || /[\u0000-\u001f\u007f]/.test(part))) return null;
  const path = parts.join("/");
  return path.length <= 500 ? path : null;
}

/**
 * Why a file is not read, by its name, or null when the reader takes it: an old Office extension
 * goes to the reader too (issue 54 §2: an RTF or a newer file saved under one is read for what it
 * is, a real 97-2003 file refused there by its format).
 */
export function formatRefusal(path: string): string | null {
  return isConsidered(path) ? null : ragMessages.documents.unsupported(basename(path), INGESTIBLE_EXTENSIONS);
}

/** Reads a multipart body into `folder`, file by file; on any failure nothing stays there. */
export async function receiveUpload(
  body: Readable,
  headers: IncomingHttpHeaders,
  folder: string,
  limits: UploadLimits,
): Promise<ReceivedUpload> {
  if (!(headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data"))
    return { ok: false, status: 415, error: libraryMessages.notMultipart };
  const maxFileBytes = limits.maxFileBytes ?? MAX_FILE_BYTES;
  const maxFiles = limits.maxFiles ?? MAX_FILES_PER_UPLOAD;
  await mkdir(folder, { recursive: true });
  let spaceLeft = limits.spaceLeft;
  const files: ReceivedFile[] = [];
  const writing: Array<Promise<void>> = [];
  const open = new Set<WriteStream>();
  const cleanUp = () => Promise.all(files.map((file) => (file.spool ? rm(file.spool, { force: true }) : null)));

  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers, preservePath: true, defParamCharset: "utf8", limits: { files: maxFiles, fields: 20, fieldSize: 1024 } });
  } catch {
    return { ok: false, status: 400, error: libraryMessages.notMultipart };
  }

  const outcome = await new Promise<ReceivedUpload>((resolve) => {
    let settled = false;
    const finish = (result: ReceivedUpload) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      body.off("data", onData).off("aborted", onCut).off("close", onClose).off("error", onCut);
      if (!result.ok) {
        // Refused or cut: read no more of it (the connection closes after the answer).
        body.unpipe(parser);
        body.resume();
      }
      resolve(result);
    };
    let idle = setTimeout(() => finish({ ok: false, status: 408, error: libraryMessages.uploadTooSlow }), limits.idleMs ?? UPLOAD_IDLE_MS);
    const onData = () => {
      clearTimeout(idle);
      idle = setTimeout(() => finish({ ok: false, status: 408, error: libraryMessages.uploadTooSlow }), limits.idleMs ?? UPLOAD_IDLE_MS);
    };
    const onCut = () => finish({ ok: false, status: 400, error: libraryMessages.uploadCut });
    const onClose = () => {
      if (!body.readableEnded) onCut();
    };
    body.on("data", onData).once("aborted", onCut).once("close", onClose).once("error", onCut);

    parser.on("file", (_field, stream, info) => {
      const path = libraryPath(info.filename ?? "");
      const refusedAtOnce = path === null ? libraryMessages.invalidPath : formatRefusal(path);
      const file: ReceivedFile = { path: path ?? (info.filename || "?"), size: 0, spool: null, refused: refusedAtOnce };
      files.push(file);
      if (refusedAtOnce) {
        // Read past, never kept: only its size, for the list.
        stream.on("data", (chunk: Buffer) => (file.size += chunk.byteLength));
        return;
      }
      // What this file may take: the largest file, and what is left of the plan's space.
      const allowed = Math.min(maxFileBytes, spaceLeft);
      file.spool = join(folder, randomBytes(12).toString("hex"));
      const out: WriteStream = createWriteStream(file.spool);
      open.add(out);
      out.once("close", () => open.delete(out));
      writing.push(
        new Promise<void>((done) => {
          out.once("close", done);
          out.once("error", () => {
            file.refused ??= libraryMessages.uploadCut;
            done();
          });
        }),
      );
      stream.on("data", (chunk: Buffer) => {
        if (file.refused) return;
        file.size += chunk.byteLength;
        if (file.size > allowed) {
          file.refused =
            allowed < maxFileBytes
              ? libraryMessages.overSpace(file.path, spaceLeft, limits.spaceLimit)
              : libraryMessages.fileTooLarge(file.path, maxFileBytes);
          out.destroy();
          return;
        }
        if (!out.write(chunk)) {
          stream.pause();
          out.once("drain", () => stream.resume());
        }
      });
      stream.once("end", () => {
        if (!file.refused) {
          spaceLeft -= file.size;
          out.end();
        }
      });
    });
    parser.on("field", () => {});
    parser.once("filesLimit", () => finish({ ok: false, status: 413, error: libraryMessages.tooManyFiles(maxFiles) }));
    parser.once("error", () => finish({ ok: false, status: 400, error: libraryMessages.uploadCut }));
    parser.once("close", () => finish({ ok: true, files }));
    body.pipe(parser);
  });

  // A cut upload's file being written ends here, unfinished (and is deleted below).
  if (!outcome.ok) for (const out of open) out.destroy();
  await Promise.all(writing);
  if (!outcome.ok) {
    await cleanUp();
    return outcome;
  }
  // A refused file keeps nothing on disk.
  for (const file of files) {
    if (file.refused && file.spool) {
      await rm(file.spool, { force: true });
      file.spool = null;
    }
  }
  return { ok: true, files };
}
