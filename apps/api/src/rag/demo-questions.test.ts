import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { bearer, citationNumbers, readAnswer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";
import { DEMO_EXAMPLE_QUESTIONS } from "./ingest/demo-index";
import { ragMessages } from "./messages";

// issue 36 §3: the example questions the empty RAG screen offers for the demo index come with the
// index list, and each is really answered by the demo's documents — asked here as a user would,
// over /api/ask-stream with the offline model, on the real demo collection.

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;

beforeAll(async () => {
  server = await startTestServer({
    OFFLINE_MODEL_CHARS_PER_SECOND: "1000000",
    RAG_DEMO_DIR: fileURLToPath(new URL("../../rag-demo", import.meta.url)),
  });
  token = (await signInAs(server.url, "business@oystar.test")).access_token;
}, 120_000);
afterAll(() => server?.close());

/** What each example's answer must say, as the demo's documents say it. */
const EXPECTED: Record<string, { fact: string; file: string }> = {
  "Chi ha commissionato Villa d'Este a Tivoli?": { fact: "Ippolito II d'Este", file: "villa-d-este-tivoli.md" },
  "Quando è stato fondato l'Orto botanico di Padova?": { fact: "1545", file: "orto-botanico-padova.md" },
  "Chi ha creato il Giardino dei Tarocchi a Capalbio?": { fact: "Niki de Saint Phalle", file: "giardino-dei-tarocchi-capalbio.md" },
  "Chi acquistò Villa Pisani a Stra nel 1807?": { fact: "Napoleone Bonaparte", file: "villa-pisani-stra.md" },
};

test("the index list gives the demo index its four example questions", async () => {
  const list = (await (await fetch(`${server.url}/api/indices/list`, { headers: bearer(token) })).json()) as {
    details: Array<{ name: string; examples?: string[] }>;
  };
  const demo = list.details.find((detail) => detail.name === "gardenroute-demo");
  expect(demo?.examples).toEqual(Object.keys(EXPECTED));
  expect(DEMO_EXAMPLE_QUESTIONS).toHaveLength(4);
});

describe("each example question gets a cited answer from the demo's documents, not an abstention", () => {
  test.each(Object.entries(EXPECTED))("%s", async (question, { fact, file }) => {
    const response = await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(token) },
      body: JSON.stringify({ question, index_names: ["gardenroute-demo"] }),
    });
    expect(response.status).toBe(200);
    const answer = await readAnswer(response);
    expect(answer.error).toBeNull();
    expect(answer.text).not.toContain(ragMessages.notInDocuments);
    expect(answer.text).toContain(fact);
    const cited = new Set(citationNumbers(answer.text));
    expect(cited.size).toBeGreaterThan(0);
    // The fact's own document is among the cited sources.
    const sources = (answer.sources.at(-1) ?? []).filter((source) => cited.has(source.noteNumber));
    expect(sources.map((source) => source.filename)).toContain(file);
  });
});
