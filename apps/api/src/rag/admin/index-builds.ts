import type { IndexBuild, IndexRequestReport } from "@oystar/api-client";
import type { Database, Queryable } from "../../db/database";
import type { RagEngine } from "../rag-engine";
import { ragMessages } from "../messages";
import {
  prepareBuild,
  recordBrokenBuild,
  recordReport,
  runBuild,
  type IndexRequestDependencies,
  type PreparedBuild,
} from "./index-request";

// Issue 34 §2: the admin's 'Indicizza' starts a build the server runs in the background, and the
// admin's panel follows it (GET, every second): each address and how far it is — OCR's page of a
// scan included, «OCR: pagina 12 di 40» — then the report. A long scan no longer holds one request
// open for minutes. One build at a time in the deployment: the build and its progress are a row
// of the database (rag_index_builds), so any server answers the panel and refuses a second build.

type BuildDependencies = { db: Database; engine: RagEngine } & IndexRequestDependencies;

export type StartedBuild = { ok: true; build: IndexBuild } | { ok: false; status: 400 | 404 | 409; error: string };

/** A running build's server says it is alive this often; a build silent for STALE_AFTER is taken over (its server died). */
const HEARTBEAT_MS = 20_000;
const STALE_AFTER = "2 minutes";

export class IndexBuilds {
  constructor(private readonly deps: BuildDependencies) {}

  /** Starts the request's build, or says why not (another runs: 409; the request's own refusals as before). */
  async start(requestId: string): Promise<StartedBuild> {
    const { db } = this.deps;
    if (!/^[0-9a-f-]{36}$/i.test(requestId)) return { ok: false, status: 404, error: ragMessages.requestNotFound };
    const build: IndexBuild = { state: "running", documents: [] };
    // Claimed in one statement: two clicks at once, on one server or two, start one build.
    const claimed = await db.query(
      `INSERT INTO rag_index_builds (request_id, progress) VALUES ($1, $2)
       ON CONFLICT (slot) DO UPDATE SET request_id = EXCLUDED.request_id, progress = EXCLUDED.progress, heartbeat = now()
       WHERE rag_index_builds.heartbeat < now() - interval '${STALE_AFTER}'
       RETURNING request_id`,
      [requestId, JSON.stringify(build)],
    );
    if (claimed.length === 0) return { ok: false, status: 409, error: ragMessages.buildRunning };
    const prepared = await prepareBuild(db, requestId).catch(async (error: unknown) => {
      await release(db, requestId);
      throw error;
    });
    if (!prepared.ok) {
      await release(db, requestId);
      return prepared;
    }
    build.documents = prepared.build.urls.map((url) => ({ url, state: "waiting" }));
    await db.query("UPDATE rag_index_builds SET progress = $2 WHERE request_id = $1", [requestId, JSON.stringify(build)]);
    void this.run(build, prepared.build);
    return { ok: true, build: structuredClone(build) };
  }

  /** The request's build as it stands: running (on any server), or as its last one ended (kept on the request). */
  async status(requestId: string): Promise<IndexBuild | null> {
    if (!/^[0-9a-f-]{36}$/i.test(requestId)) return null;
    const [running] = await this.deps.db.query<{ progress: IndexBuild; stale: boolean }>(
      `SELECT progress, heartbeat < now() - interval '${STALE_AFTER}' AS stale FROM rag_index_builds WHERE request_id = $1`,
      [requestId],
    );
    if (!running) return recordedBuild(this.deps.db, requestId);
    // Its server died: the panel stops following it (the next build takes its place).
    return running.stale ? { ...running.progress, state: "failed", error: ragMessages.buildBrokeOff } : running.progress;
  }

  private async run(build: IndexBuild, prepared: PreparedBuild) {
    const { db } = this.deps;
    const { requestId } = prepared;
    // Progress is written as it comes, one write at a time, the latest last.
    let written: Promise<unknown> = Promise.resolve();
    const save = () => {
      const progress = JSON.stringify(build);
      written = written.then(() =>
        db
          .query("UPDATE rag_index_builds SET progress = $2, heartbeat = now() WHERE request_id = $1", [requestId, progress])
          .catch(() => undefined),
      );
    };
    const heartbeat = setInterval(save, HEARTBEAT_MS);
    heartbeat.unref();
    const line = (url: string) => build.documents.find((document) => document.url === url);
    const update = (url: string, change: Partial<IndexBuild["documents"][number]>) => {
      const document = line(url);
      if (!document) return;
      Object.assign(document, change);
      save();
    };
    try {
      const report = await runBuild(this.deps, prepared, {
        reading: (url) => update(url, { state: "reading" }),
        ocrPage: (url, done, total) => update(url, { ocr: { page: Math.min(done + 1, total), pages: total } }),
        finished: (url, failed) => update(url, { state: failed ? "failed" : "done" }),
      });
      clearInterval(heartbeat);
      await written;
      // The report kept and the build let go together: the panel reads one or the other, never neither.
      await db.transaction(async (tx) => {
        await recordReport(tx, requestId, report);
        await release(tx, requestId);
      });
    } catch {
      // The database, not a document (a document's failure is a line of the report): each
      // document was written whole or not at all, and the request stays on the admin's list.
      clearInterval(heartbeat);
      await written;
      await db
        .transaction(async (tx) => {
          await recordBrokenBuild(tx, requestId, ragMessages.buildBrokeOff);
          await release(tx, requestId);
        })
        .catch(() => undefined);
    }
  }
}

const release = (db: Queryable, requestId: string) => db.query("DELETE FROM rag_index_builds WHERE request_id = $1", [requestId]);

/** The last build of a request as kept on it (rag_index_request_runs), or null when it has none. */
async function recordedBuild(db: Queryable, requestId: string): Promise<IndexBuild | null> {
  const [run] = await db.query<{ report: IndexRequestReport | { error: string } }>(
    "SELECT report FROM rag_index_request_runs WHERE request_id = $1",
    [requestId],
  );
  if (!run) return null;
  if ("error" in run.report) return { state: "failed", documents: [], error: run.report.error };
  const report = run.report;
  return {
    state: "done",
    documents: report.documents.map((document) => ({ url: document.url, state: document.status === "failed" ? "failed" : "done" })),
    report,
  };
}
