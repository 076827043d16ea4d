import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../../test-support/fixtures";
import { bearer } from "../../../test-support/rag-helpers";
import { signInAs } from "../../dev-idp/dev-sign-in";

// Development only: customers' own indexes from RAG_DEV_INDEXES_DIR, owned by the seeded accounts
// (what the e2e journeys use for a customer's documents, hostile ones included).

const folder = mkdtempSync(join(tmpdir(), "oystar-dev-indexes-"));
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  mkdirSync(join(folder, "enterprise@oystar.test", "archivio-villa", "capitoli"), { recursive: true });
  writeFileSync(
    join(folder, "enterprise@oystar.test", "archivio-villa", "capitoli", "serre.md"),
    "---\ntitle: Le serre\n---\nLe serre di Villa Nebbia ospitano trecento orchidee.",
  );
  mkdirSync(join(folder, "nessuno@oystar.test", "orfano"), { recursive: true });
  writeFileSync(join(folder, "nessuno@oystar.test", "orfano", "nota.md"), "Nessuno la leggerà.");
  server = await startTestServer({ RAG_DEV_INDEXES_DIR: folder, OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
});
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

test("a folder per owner and index: the index is that customer's own, its files named by their path", async () => {
  const enterprise = (await signInAs(server.url, "enterprise@oystar.test")).access_token;
  const business = (await signInAs(server.url, "business@oystar.test")).access_token;
  const list = async (token: string) =>
    ((await (await fetch(`${server.url}/api/indices/list`, { headers: bearer(token) })).json()) as { indices: string[] }).indices;
  expect(await list(enterprise)).toContain("archivio-villa");
  expect(await list(business)).not.toContain("archivio-villa");
  const [document] = await server.db.query<{ filename: string; title: string }>(
    "SELECT filename, title FROM rag_documents d JOIN rag_indexes i ON i.id = d.index_id WHERE i.name = 'archivio-villa'",
  );
  expect(document).toEqual({ filename: "capitoli/serre.md", title: "Le serre" });
  // No account, no index.
  expect(await server.db.query("SELECT 1 FROM rag_indexes WHERE name = 'orfano'")).toEqual([]);
});
