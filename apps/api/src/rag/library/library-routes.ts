import { API_PATHS, libraryIndexCreateSchema, type LibraryUpload } from "@oystar/api-client";
import { planById } from "@oystar/plans-and-gates";
import { Hono, type Context } from "hono";
import { rm } from "node:fs/promises";
import { IncomingMessage, type IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Access } from "../../auth/access";
import type { Database } from "../../db/database";
import { firstIssue, jsonBody } from "../../web/json-body";
import { bodyCeiling, jsonOnly, noBody, streamedBody } from "../../web/request-body";
import { deleteDocument } from "../ingest/ingestion";
import { ragMessages } from "../messages";
import { deleteIndex, findIndex, ownerUsage } from "../rag-store";
import { asLibraryIndex, createLibraryIndex, libraryIndexes } from "./library-indexes";
import { indexOwnerPolicy, type LibraryVariables } from "./library-policy";
import { findLibraryFile, libraryDocuments, pendingBytes, recordArrivals, type ArrivedFile } from "./library-files";
import type { LibraryReading } from "./library-reading";
import { libraryMessages } from "./messages";
import { librarySiteRoutes } from "./site-routes";
import type { SiteReading } from "./site-reading";
import { librarySites } from "./site-store";
import { receiveUpload, type ReceivedFile } from "./upload-receiver";
import { required } from "../../required";

// Issue 48 §5: the firm's own library over HTTP. Every route is for Business and Enterprise, and
// every route under an index for its owner (library-policy.ts): another customer's index, document
// or site is answered exactly as a missing one (404, the same words), so nothing of it can be probed.

export type LibraryRouteDependencies = {
  db: Database;
  reading: LibraryReading;
  sites: SiteReading;
  /** Where this server's uploads wait on disk for their reading. */
  uploadFolder: string;
};

/**
 * The upload's bytes as a Node stream, with its headers: the request's own under @hono/node-server
 * (its web Request is never built: that would start reading the body into memory beside us), a
 * web body otherwise (in-process calls).
 */
function bodyOf(c: Context): { body: Readable; headers: IncomingHttpHeaders } {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof IncomingMessage) return { body: incoming, headers: incoming.headers };
  const body = c.req.raw.body;
  return {
    body: body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : Readable.from([]),
    headers: Object.fromEntries(c.req.raw.headers),
  };
}

export function libraryRoutes(access: Access, deps: LibraryRouteDependencies) {
  const { db, reading } = deps;
  const app = new Hono();
  // spec 001 §6, §9: RAG is for Business and Enterprise, checked before any body is read.
  const ragPlans = access.plan("business", ragMessages.planOnly);

  const indexOwner = indexOwnerPolicy(db);

  app.get(API_PATHS.libraryIndexes, ragPlans, async (c) => c.json(await libraryIndexes(db, c.get("user"))));

  const indexBody = jsonBody(libraryIndexCreateSchema, firstIssue(ragMessages.invalidRequest));
  app.post(API_PATHS.libraryIndexes, ragPlans, jsonOnly, bodyCeiling({ maxBytes: 4096 }), indexBody, async (c) => {
    const created = await createLibraryIndex(db, c.get("user"), c.req.valid("json").label);
    return created.ok ? c.json(created.index, 201) : c.json({ error: created.error }, created.status);
  });

  app.delete(API_PATHS.libraryIndex, ragPlans, indexOwner, noBody(), async (c) => {
    await deleteIndex(db, c.get("index"));
    return c.json({ deleted: c.get("index").name });
  });

  app.get(API_PATHS.libraryDocuments, ragPlans, indexOwner, async (c) => {
    const index = c.get("index");
    const documents = await libraryDocuments(db, index.id);
    const fresh = (await findIndex(db, index.name)) ?? index;
    return c.json({ index: asLibraryIndex(fresh), documents, sites: await librarySites(db, index.id) });
  });

  /** Receives the upload to disk, records what arrived whole, and queues it for reading here. */
  async function upload(c: Context<{ Variables: LibraryVariables }>, replacing: { path: string } | null) {
    const user = c.get("user");
    const index = c.get("index");
    const limit = planById(user.plan).rag_max_bytes;
    const used = (await ownerUsage(db, user.id)).bytes + (await pendingBytes(db, user.id));
    const { body, headers } = bodyOf(c);
    const received = await receiveUpload(body, headers, deps.uploadFolder, {
      spaceLeft: limit - used,
      spaceLimit: limit,
      ...(replacing ? { maxFiles: 1 } : {}),
    });
    if (!received.ok) {
      // A new version is one file: a second one is a mistake, not a batch past its size.
      if (replacing && received.status === 413) return c.json({ error: libraryMessages.oneFileOnly }, 400, { Connection: "close" });
      return c.json({ error: received.error }, received.status, { Connection: "close" });
    }
    const files = received.files;
    const wrong = files.length === 0 ? libraryMessages.noFiles : replacing && files.length !== 1 ? libraryMessages.oneFileOnly : null;
    if (wrong) {
      await discard(files);
      return c.json({ error: wrong }, 400);
    }
    // A new version keeps its document's path, whatever the file sent is called.
    const arrivals: ArrivedFile[] = files.map((file) => ({ path: replacing?.path ?? file.path, size: file.size, refused: file.refused }));
    const rows = await recordArrivals(db, index.id, reading.serverId, arrivals).catch(async (error: unknown) => {
      await discard(files);
      throw error;
    });
    const byPath = new Map(rows.map((row) => [row.path, row]));
    reading.add(
      files.flatMap((file, position) => {
        const row = byPath.get(required(arrivals[position], `the arrival of ${file.path}`).path);
        return row && file.spool && !file.refused
          ? [{ fileId: row.id, attempt: row.attempt, index, path: row.path, spool: file.spool, size: file.size }]
          : [];
      }),
    );
    const answer: LibraryUpload = {
      documents: arrivals.map((arrival) => ({
        id: byPath.get(arrival.path)?.id ?? "",
        path: arrival.path,
        state: arrival.refused ? "refused" : "queued",
        reason: arrival.refused,
      })),
    };
    return c.json(answer, 202);
  }

  app.post(
    API_PATHS.libraryDocuments,
    ragPlans,
    indexOwner,
    streamedBody(async (c, next) => next()),
    (c) => upload(c, null),
  );

  app.put(
    API_PATHS.libraryDocument,
    ragPlans,
    indexOwner,
    streamedBody(async (c, next) => next()),
    async (c) => {
      const file = await findLibraryFile(db, c.get("index").id, c.req.param("id"));
      if (!file || file.siteId) return c.json({ error: libraryMessages.documentNotFound }, 404, { Connection: "close" });
      return upload(c, { path: file.path });
    },
  );

  app.delete(API_PATHS.libraryDocument, ragPlans, indexOwner, noBody(), async (c) => {
    const index = c.get("index");
    const file = await findLibraryFile(db, index.id, c.req.param("id"));
    if (!file) return c.json({ error: libraryMessages.documentNotFound }, 404);
    // The document (its passages, an e-mail's attachments) first: from the next question on, on every server, it is gone.
    await deleteDocument(db, index, file.path);
    await db.query("DELETE FROM rag_library_files WHERE index_id = $1 AND (path = $2 OR left(path, length($2) + 1) = $2 || '/')", [
      index.id,
      file.path,
    ]);
    if (file.siteId) await db.query("DELETE FROM rag_library_site_pages WHERE site_id = $1 AND path = $2", [file.siteId, file.path]);
    return c.json({ deleted: file.id });
  });

  app.route("/", librarySiteRoutes({ ragPlans, indexOwner }, deps));

  return app;
}

const discard = (files: readonly ReceivedFile[]) => Promise.all(files.map((file) => (file.spool ? rm(file.spool, { force: true }) : null)));
