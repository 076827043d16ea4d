import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startApiProcess, type ApiProcess } from "../../test-support/api-process";
import { makeAppFolders } from "../../test-support/fixtures";
import { PAGED_PASSAGES, pagedDocument, pagedFilename, pagedQuestion } from "../../test-support/paged-index";
import { startPostgres, type TestPostgres } from "../../test-support/postgres";
import { bearer, readAnswer, type Answer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";
import { temporaryFolder } from "../../test-support/temporary-folders";
import { DEMO_INDEX } from "../rag";

// Issue 32 §5: each server keeps its own in-memory copy of an index's postings (bm25-memory.ts),
// a cache of PostgreSQL that must follow the index's version. Two real processes on one real
// PostgreSQL, as in two-servers.test.ts, and an index of several pages of the copy: a passage
// ingested through one server — or by the operator's `pnpm rag ingest` — is found through the
// other, and a deleted document is found through neither, although both held the old copy.

const PUBLIC_URL = "http://oystar.test";
const apiRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The release's demo folder loses this document (in the first page of the copy)… */
const REMOVED = 3;
/** …rewrites this one (in the third page): same file, another marker… */
const CHANGED = 1_234;
/** …and gains this one. */
const ADDED = PAGED_PASSAGES;
/** The changed document's new text is the one this passage number would have. */
const CHANGED_TO = PAGED_PASSAGES + 1;
/** What the operator ingests with `pnpm rag ingest` while both servers run. */
const FROM_THE_COMMAND_LINE = PAGED_PASSAGES + 2;
/** Passages nobody touches, at both ends of each page of the copy. */
const UNTOUCHED = [0, 499, 500, 999, 1_000, 1_499, 1_500, PAGED_PASSAGES - 1];

let postgres: TestPostgres;
let databaseUrl: string;
let token: string;
const folders = makeAppFolders();
const dataDirs = [temporaryFolder("data"), temporaryFolder("data")] as const;
const oldRelease = temporaryFolder("rag-demo");
const newRelease = temporaryFolder("rag-demo");
/** [A, B]: A is restarted with the new release, B keeps running. */
const servers: ApiProcess[] = [];

const serverVariables = (dataDir: string, demoDir: string) => ({
  DATABASE_URL: databaseUrl,
  PUBLIC_URL,
  MARKETING_DIST: folders.marketingDist,
  ASSISTANT_DIST: folders.assistantDist,
  DATA_DIR: dataDir,
  RAG_DEMO_DIR: demoDir,
  OFFLINE_MODEL_CHARS_PER_SECOND: "1000000",
});

beforeAll(async () => {
  // The release each server was deployed with: the demo folder of PAGED_PASSAGES documents…
  for (let number = 0; number < PAGED_PASSAGES; number += 1) {
    writeFileSync(join(oldRelease, pagedFilename(number)), pagedDocument(number));
    if (number !== REMOVED) writeFileSync(join(newRelease, pagedFilename(number)), pagedDocument(number));
  }
  // …and the next release, with one document gone, one rewritten and one new.
  writeFileSync(join(newRelease, pagedFilename(CHANGED)), pagedDocument(CHANGED_TO));
  writeFileSync(join(newRelease, pagedFilename(ADDED)), pagedDocument(ADDED));

  postgres = await startPostgres();
  databaseUrl = await postgres.createDatabase();
  // Both at once on a database nobody has migrated or seeded yet; one of them builds the index.
  servers.push(...(await Promise.all(dataDirs.map((dataDir) => startApiProcess(serverVariables(dataDir, oldRelease))))));
  token = (await signInAs(PUBLIC_URL, "business@oystar.test", { fetch: servers[0]!.fetch })).access_token;
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.stop();
});

/** A question to the demo index (the default) through `server`, as the assistant asks it. */
async function ask(server: ApiProcess, question: string): Promise<Answer> {
  const answer = await readAnswer(
    await server.fetch(`${PUBLIC_URL}/api/ask-stream`, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify({ question }),
    }),
  );
  expect(answer.error).toBeNull();
  return answer;
}

const firstSource = (answer: Answer) => answer.sources[0]?.[0]?.filename ?? "(nessuna fonte)";
const everySource = (answer: Answer) => answer.sources.flat().map((source) => source.filename);

/** The first source of each passage's question, through `server`. */
async function firstSources(server: ApiProcess, numbers: readonly number[]): Promise<string[]> {
  const found: string[] = [];
  for (const number of numbers) found.push(firstSource(await ask(server, pagedQuestion(number))));
  return found;
}

test("a rolling deploy: the server that kept running finds the new release's passages, the changed text and not the old, never the removed document", async () => {
  // Before: both servers answer from their own copy of the index as the old release built it
  // (a question copies an index of this size before it is answered).
  for (const server of servers) {
    expect(await firstSources(server, [REMOVED, CHANGED, ...UNTOUCHED])).toEqual([REMOVED, CHANGED, ...UNTOUCHED].map(pagedFilename));
    expect(everySource(await ask(server, pagedQuestion(ADDED)))).toEqual([]);
  }

  // Server A is restarted with the new release (its demo folder) while B runs on, its copy in
  // memory; A's start brings the shared index in step with the new folder.
  await servers[0]!.stop();
  servers[0] = await startApiProcess(serverVariables(dataDirs[0], newRelease));

  // B first: its copy is of the old version. All of what each server answers is compared at
  // once, so a failure shows every way its answers went wrong. (A copy left at the old version
  // misses the new and the changed passages; the removed ones it would still rank are read from
  // PostgreSQL, where they are gone — so those two lines guard the deletion itself.)
  for (const [name, server] of [
    ["B, kept running", servers[1]!],
    ["A, restarted", servers[0]],
  ] as const) {
    const answers = {
      server: name,
      added: firstSource(await ask(server, pagedQuestion(ADDED))),
      changedText: firstSource(await ask(server, pagedQuestion(CHANGED_TO))),
      oldTextCitesChanged: everySource(await ask(server, pagedQuestion(CHANGED))).includes(pagedFilename(CHANGED)),
      removedCited: everySource(await ask(server, pagedQuestion(REMOVED))).includes(pagedFilename(REMOVED)),
      untouched: await firstSources(server, UNTOUCHED),
    };
    expect(answers).toEqual({
      server: name,
      added: pagedFilename(ADDED),
      changedText: pagedFilename(CHANGED),
      oldTextCitesChanged: false,
      removedCited: false,
      untouched: UNTOUCHED.map(pagedFilename),
    });
  }
}, 120_000);

test("a passage the operator ingests with pnpm rag ingest while both servers run is found through both", async () => {
  const question = pagedQuestion(FROM_THE_COMMAND_LINE);
  // Both servers hold the index's copy at today's version, and the passage is not in it.
  for (const server of servers) expect(everySource(await ask(server, question))).toEqual([]);

  const documents = temporaryFolder("rag-docs");
  writeFileSync(join(documents, pagedFilename(FROM_THE_COMMAND_LINE)), pagedDocument(FROM_THE_COMMAND_LINE));
  // `pnpm rag ingest` is tsx on rag-cli.ts, run from the package folder (package.json).
  const { stdout } = await promisify(execFile)(
    join(apiRoot, "node_modules/.bin/tsx"),
    ["--conditions=@oystar/source", "lab/rag-cli/rag-cli.ts", "ingest", "--index", DEMO_INDEX, pagedFilename(FROM_THE_COMMAND_LINE)],
    {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "test",
        DATABASE_URL: databaseUrl,
        DATA_DIR: temporaryFolder("rag-cli"),
        INIT_CWD: documents,
      },
    },
  );
  expect(stdout).toContain(`Indice ${DEMO_INDEX}: 1 aggiunti, 0 sostituiti`);

  const found: string[] = [];
  for (const server of servers) found.push(firstSource(await ask(server, question)));
  expect(found).toEqual([pagedFilename(FROM_THE_COMMAND_LINE), pagedFilename(FROM_THE_COMMAND_LINE)]);
}, 120_000);
