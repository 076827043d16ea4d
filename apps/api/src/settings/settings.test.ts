import { defaultSettings } from "@oystar/api-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";

let server: Awaited<ReturnType<typeof startTestServer>>;
let adminToken: string;
let proToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await signInAs(server.url, "admin@oystar.test")).access_token;
  proToken = (await signInAs(server.url, "pro@oystar.test")).access_token;
});
afterAll(() => server.close());

const getSettings = (token?: string) => fetch(`${server.url}/api/settings`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
const postSettings = (body: unknown, token?: string) =>
  fetch(`${server.url}/api/settings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("GET /api/settings", () => {
  test("needs a signed-in user", async () => {
    expect((await getSettings()).status).toBe(401);
  });

  test("gives the defaults, never saved (version 0), until the admin saves", async () => {
    const response = await getSettings(proToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: defaultSettings, updated_at: null, version: 0 });
  });
});

describe("POST /api/settings", () => {
  test("the admin's settings apply to every user, with the time of the save and a version that counts the saves", async () => {
    const chosen = { ...defaultSettings, pigna_ai_model: "openai/gpt-oss-20b", debate_length: 40, rag_index_names: ["contratti"] };
    const saved = await postSettings(chosen, adminToken);
    expect(saved.status).toBe(200);
    const answer = await saved.json();
    expect(answer.data).toEqual(chosen);
    expect(Date.parse(answer.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(answer.version).toBe(1);

    const seenByPro = await (await getSettings(proToken)).json();
    expect(seenByPro).toEqual({ data: chosen, updated_at: answer.updated_at, version: 1 });

    // A second save replaces the first as a whole, and is the next version.
    const again = await postSettings({ ...defaultSettings, debate_length: 12 }, adminToken);
    expect(await again.json()).toMatchObject({ data: { debate_length: 12 }, version: 2 });
    expect(await (await getSettings(proToken)).json()).toMatchObject({ data: { ...defaultSettings, debate_length: 12 }, version: 2 });
  });

  test("anyone else is refused, by name, and nothing changes", async () => {
    const before = await (await getSettings(proToken)).json();
    const refused = await postSettings({ ...defaultSettings, debate_length: 100 }, proToken);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: "ACCESSO NEGATO: solo l'amministratore può modificare le impostazioni globali (utente attuale: pro@oystar.test).",
    });
    expect(await (await getSettings(proToken)).json()).toEqual(before);
    expect((await postSettings(defaultSettings)).status).toBe(401);
  });

  test("every bound of the form is checked by the server, in Italian", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ debate_length: 5 }, "Lunghezza predefinita: il valore minimo è 6", "debate_length"],
      [
        { rag_top_k_reranker_final: 21 },
        "Passaggi tenuti dopo il riordino (top-K reranker): il valore massimo è 20",
        "rag_top_k_reranker_final",
      ],
      [{ rag_chat_history_max_tokens: 64000 }, "Token massimi di cronologia: il valore massimo è 32000", "rag_chat_history_max_tokens"],
      [{ debate_model_a: "llama-3.1-8b-instant" }, "Modello A: modello non consentito", "debate_model_a"],
      [{ rag_use_cache: "sì" }, "Memoria delle risposte (cache): deve essere vero o falso", "rag_use_cache"],
    ];
    for (const [change, error, field] of cases) {
      const response = await postSettings({ ...defaultSettings, ...change }, adminToken);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error, field });
    }
    const unknown = await postSettings({ ...defaultSettings, is_admin: true }, adminToken);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toBe("Impostazione sconosciuta: is_admin");
    const partial = await postSettings({ debate_length: 30 }, adminToken);
    expect(partial.status).toBe(400);
    expect((await partial.json()).error).toBe("Modello predefinito: modello non consentito");
    const notJson = await postSettings("{non è json", adminToken);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "Le impostazioni devono essere un oggetto JSON." });
    expect((await postSettings({ ...defaultSettings, rag_system_prompt: "x".repeat(70_000) }, adminToken)).status).toBe(413);
  });
});
