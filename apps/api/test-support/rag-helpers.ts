import type { CitedPassage, IndexBuild, IndexRequestReport } from "@oystar/api-client";
import type { Database } from "../src/db/database";
import { createIndex, finishIngestion, localEmbedder, storeDocument, vectorStoreAvailable } from "../src/rag";

/** One server-sent event as it travelled: its name (message when unnamed) and its data. */
export type RawEvent = { event: string; data: string };

/** Reads a whole `text/event-stream` body into its events, exactly as written on the wire. */
export async function readEvents(response: Response): Promise<RawEvent[]> {
  const text = await response.text();
  const events: RawEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    if (!block.trim()) continue;
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    events.push({ event, data: data.join("\n") });
  }
  return events;
}

/** A source as the browser gets it (issue 38 §1: the one cited-passage contract). */
export type Source = CitedPassage;
export type Answer = {
  text: string;
  sources: Source[][];
  contextUsage: number | null;
  summary: string | null;
  ended: boolean;
  error: string | null;
  events: RawEvent[];
};

/** The answer an event stream carries: its text, each `sources` list, the final events. */
export async function readAnswer(response: Response): Promise<Answer> {
  const events = await readEvents(response);
  const answer: Answer = { text: "", sources: [], contextUsage: null, summary: null, ended: false, error: null, events };
  for (const { event, data } of events) {
    if (event === "end") answer.ended = true;
    else if (event === "error") answer.error = (JSON.parse(data) as { error: string }).error;
    else {
      const chunk = JSON.parse(data) as { chunk?: string; sources?: Source[]; contextUsage?: number; summary?: string };
      if (chunk.chunk !== undefined) answer.text += chunk.chunk;
      if (chunk.sources) answer.sources.push(chunk.sources);
      if (chunk.contextUsage !== undefined) answer.contextUsage = chunk.contextUsage;
      if (chunk.summary !== undefined) answer.summary = chunk.summary;
    }
  }
  return answer;
}

export const citationNumbers = (text: string) => [...text.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function userIdOf(db: Database, email: string): Promise<string> {
  const [row] = await db.query<{ id: string }>("SELECT id::text FROM users WHERE email = $1", [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A customer's own index with the given Markdown documents (filename → text). */
export async function privateIndex(db: Database, name: string, ownerId: string, documents: Record<string, string>) {
  const index = await createIndex(db, { name, ownerId });
  // Embeddings only where the database can hold them (Debian's PostgreSQL has no pgvector).
  const vectors = await vectorStoreAvailable(db);
  for (const [filename, text] of Object.entries(documents)) {
    await storeDocument(
      db,
      index,
      { filename, title: filename.replace(/\.\w+$/, ""), url: null, text, bytes: text.length, contentHash: filename },
      { embedder: localEmbedder(), vectors },
    );
  }
  await finishIngestion(db);
  return index;
}

/**
 * The admin's 'Indicizza' (issue 34 §2): starts the request's build, then follows it as the admin's
 * panel does until it ends. `status`: the start's (202, or its refusal's 4xx); `body`: the ended
 * build's report, or the refusal; `seen`: each state the build was seen in while it ran.
 */
export async function buildIndexFromRequest(
  serverUrl: string,
  token: string,
  requestId: string,
): Promise<{ status: number; body: IndexRequestReport & { error?: string }; seen: IndexBuild[] }> {
  const address = `${serverUrl}/api/admin/index-requests/${requestId}/index`;
  // A connection each: PGlite storing a large document holds the process (server and test alike),
  // and a kept-alive connection the server times out meanwhile would be reset under the next poll.
  const headers = { ...bearer(token), Connection: "close" };
  const started = await fetch(address, { method: "POST", headers });
  const body = (await started.json()) as IndexBuild & IndexRequestReport & { error?: string };
  if (started.status !== 202) return { status: started.status, body, seen: [] };
  const seen: IndexBuild[] = [body as IndexBuild];
  while (seen.at(-1)!.state === "running") {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen.push((await (await fetch(address, { headers })).json()) as IndexBuild);
  }
  const ended = seen.at(-1)!;
  return { status: started.status, body: ended.report ?? ({ error: ended.error } as IndexRequestReport & { error?: string }), seen };
}
