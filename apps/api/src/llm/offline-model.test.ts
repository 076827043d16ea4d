import { readModelStream } from "@oystar/api-client";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "100000" });
});
afterAll(() => server.close());

const ask = async (content: string) => {
  const { access_token } = await signInAs(server.url, "free@oystar.test");
  const response = await fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ model: "openai/gpt-oss-120b", messages: [{ role: "user", content }], stream: true }),
  });
  let text = "";
  for await (const delta of readModelStream(response)) text += delta.content;
  return text;
};

test("health and models say the model is offline", async () => {
  expect((await (await fetch(`${server.url}/api/health`)).json()).model).toEqual({
    provider: "offline",
    offline: true,
    name: "oystar-offline",
    healthy: true,
  });
  const { access_token } = await signInAs(server.url, "free@oystar.test");
  const models = await (await fetch(`${server.url}/groq/models`, { headers: { Authorization: `Bearer ${access_token}` } })).json();
  expect(models.data).toEqual([{ id: "oystar-offline", object: "model", owned_by: "oystar", offline: true }]);
});

test("it streams an answer that says once, in the user's words, that a demonstration model answers", async () => {
  const text = await ask("Qual è la capitale d'Italia?");
  expect(text).toMatch(/^\*\*Modello dimostrativo offline\*\*: nessun modello linguistico è collegato/);
  expect(text.match(/Modello dimostrativo offline/g)).toHaveLength(1);
  // Issue 36 §1: no configuration words for the user, no echo of the question they just typed.
  expect(text).not.toMatch(/LLM_BASE_URL|configura|oystar-offline/i);
  expect(text).not.toContain("capitale d'Italia");
  // Deterministic: the same question, the same answer.
  expect(await ask("Qual è la capitale d'Italia?")).toBe(text);
});

test("for a document it quotes and summarises the opening", async () => {
  const documentText = `Verbale della riunione del 3 marzo. Presenti tutti i soci. ${"Si discute il bilancio. ".repeat(60)}`;
  const text = await ask(documentText);
  expect(text).toContain("> Verbale della riunione del 3 marzo. Presenti tutti i soci.");
  expect(text).toMatch(/contiene \d+ parole/);
});

test("for a PDF in context it quotes the document, without its page markers or the question", async () => {
  const pdf = `--- Pagina 1 ---\nVerbale della riunione del 3 marzo. Presenti tutti i soci.\n--- Pagina 2 ---\nSi approva il bilancio.`;
  const text = await ask(`Scrivi un riassunto esecutivo.\n\nDocumento «Verbale marzo.pdf» (2 pagine):\n${pdf}`);
  expect(text).not.toContain("Scrivi un riassunto esecutivo.");
  expect(text.match(/Modello dimostrativo offline/g)).toHaveLength(1);
  expect(text).toContain("Il documento «Verbale marzo.pdf» contiene 14 parole. Inizia così:");
  expect(text).toContain("> Verbale della riunione del 3 marzo. Presenti tutti i soci.");
  expect(text).toContain("In sintesi: un documento di 2 pagine che si apre con «Verbale della riunione del 3 marzo.»");
  expect(text).not.toContain("--- Pagina");
});

test("reset answers with what it did", async () => {
  const { access_token } = await signInAs(server.url, "free@oystar.test");
  const response = await fetch(`${server.url}/api/ollama/reset`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ provider: "cloud", models: ["openai/gpt-oss-120b"] }),
  });
  expect(await response.json()).toMatchObject({ status: "success", details: { actions: ["Modello offline oystar-offline pronto"] } });
});
