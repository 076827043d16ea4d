// Regressions for what an attack run found (issue 10). Each test failed on the code before.
import { defaultSettings } from "@oystar/api-client";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { abortMidBody, fetchThrough, rawRequest } from "../../test-support/raw-http";
import { signInAs } from "../dev-idp/dev-sign-in";
import { captureServerLog } from "../../test-support/server-log";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const host = () => new URL(server.url).host;
const MB = 1024 * 1024;

describe("request bodies are bounded before they are read (§2)", () => {
  test("a declared 128 MB body to the webhook is refused at once, unread", async () => {
    const answer = await rawRequest(server.url, {
      method: "POST",
      path: "/api/billing/webhook",
      headers: { Host: host(), "Content-Type": "application/json", "Content-Length": 128 * MB },
      send: (write) => write("{".padEnd(64 * 1024, " ")),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "La richiesta è troppo grande." });
  });

  test("a chunked body is cut as soon as it passes the route's ceiling", async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const answer = await rawRequest(server.url, {
      method: "POST",
      path: "/api/billing/webhook",
      headers: { Host: host(), "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      // 8 MB offered, far past the webhook's 512 KB; the answer comes before the rest is sent.
      send: (write) => {
        for (let i = 0; i < 32; i += 1) write(chunk);
      },
    });
    expect(answer.status).toBe(413);
  });

  test.each([
    ["/idp/login", "application/x-www-form-urlencoded"],
    ["/idp/oauth/token", "application/x-www-form-urlencoded"],
    ["/api/forms/contact", "application/json"],
  ])("unauthenticated %s takes a few KB at most", async (path, type) => {
    const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": type }, body: "x".repeat(2 * MB) });
    expect(response.status).toBe(413);
  });

  test("signed-in routes have their own ceilings: checkout and reset a few KB, chat the spec's 400,000 characters", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const post = (path: string, body: string) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
        body,
      });
    expect((await post("/api/checkout/session", JSON.stringify({ plan: "business", pad: "x".repeat(64 * 1024) }))).status).toBe(413);
    expect((await post("/api/ollama/reset", JSON.stringify({ provider: "cloud", models: ["x".repeat(64 * 1024)] }))).status).toBe(413);
    const chat = (content: string) =>
      post("/groq/chat/completions", JSON.stringify({ model: "openai/gpt-oss-20b", stream: false, messages: [{ role: "user", content }] }));
    expect((await chat("x".repeat(20 * MB))).status).toBe(413);
    // Within the ceiling, the schema's own rule answers (400), not the size guard.
    expect((await chat("x".repeat(400_001))).status).toBe(400);
  });

  test("a body trickled to an unauthenticated route is cut within seconds, not 300", { timeout: 30_000 }, async () => {
    const answer = await rawRequest(server.url, {
      method: "POST",
      path: "/api/billing/webhook",
      headers: { Host: host(), "Content-Type": "application/json", "Content-Length": 1000 },
      send: (write) => write("{"),
    });
    expect(answer.status).toBe(408);
  });

  test(
    "a signed-in conversation on a slow uplink gets longer than that: the gateway waits 60 s for its body",
    { timeout: 30_000 },
    async () => {
      const { access_token } = await signInAs(server.url, "pro@oystar.test");
      const body = JSON.stringify({
        model: "openai/gpt-oss-20b",
        stream: false,
        messages: [{ role: "user", content: `Riassumi: ${"parola ".repeat(15_000)}` }],
      });
      const started = Date.now();
      const trickled = (path: string, headers: Record<string, string>) =>
        rawRequest(server.url, {
          method: "POST",
          path,
          headers: { Host: host(), "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), ...headers },
          // Half now, the rest after 11 s: past the unauthenticated deadline, well within the signed-in one.
          send: (write) => {
            write(body.slice(0, body.length / 2));
            setTimeout(() => write(body.slice(body.length / 2)), 11_000);
          },
        });
      const [gateway, webhook] = await Promise.all([
        trickled("/groq/chat/completions", { Authorization: `Bearer ${access_token}` }),
        trickled("/api/billing/webhook", {}),
      ]);
      expect(webhook.status).toBe(408);
      expect(gateway.status).toBe(200);
      expect(JSON.parse(gateway.body).choices[0].message.content).toMatch(/\S/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(11_000);
    },
  );
});

describe("the Host header is never the public origin (§3, §5)", () => {
  test("config.json and the identity provider name only PUBLIC_URL; another Host is refused", async () => {
    const spoofed = await rawRequest(server.url, { path: "/config.json", headers: { Host: "evil.example" } });
    expect(spoofed.status).toBe(421);
    expect(spoofed.body).not.toContain("evil.example");
    const config = await (await fetch(`${server.url}/config.json`)).json();
    expect(config.auth.domain).toBe(`${server.url}/idp`);
    const authorize = await rawRequest(server.url, { path: "/idp/authorize?client_id=x", headers: { Host: "evil.example" } });
    expect(authorize.status).toBe(421);
  });

  test("a page opened under another name is sent to the public origin", async () => {
    const answer = await rawRequest(server.url, { path: "/oystar?x=1", headers: { Host: `127.0.0.1:${server.port}` } });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(`${server.url}/oystar?x=1`);
  });

  test("paying on the built-in checkout sends nothing anywhere a Host header points", async () => {
    let calls = 0;
    const trap: Server = createServer((_req, res) => {
      calls += 1;
      res.end("{}");
    });
    await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
    try {
      const { access_token } = await signInAs(server.url, "host.trappola@esempio.it");
      const { session_id } = await (
        await fetch(`${server.url}/api/checkout/session`, {
          method: "POST",
          headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ plan: "base" }),
        })
      ).json();
      const card = new URLSearchParams({ name: "Mario Rossi", number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }).toString();
      const spoofed = await rawRequest(server.url, {
        method: "POST",
        path: `/api/dev/checkout/${session_id}/pay`,
        headers: {
          Host: `127.0.0.1:${(trap.address() as AddressInfo).port}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": card.length,
        },
        send: (write) => write(card),
      });
      expect(spoofed.status).toBe(421);
      // Through the public origin the payment is applied in this process.
      const paid = await fetch(`${server.url}/api/dev/checkout/${session_id}/pay`, {
        method: "POST",
        body: new URLSearchParams(card),
        redirect: "manual",
      });
      expect(paid.status).toBe(303);
      expect(calls).toBe(0);
    } finally {
      await new Promise<void>((resolve) => trap.close(() => resolve()));
    }
  });
});

// Issue 10 §3: the built-in checkout once posted its payment to `${Host}/api/billing/webhook`.
// Here the public origin itself names a listening trap, and every request is made under it (so
// no Host check is involved): paying upgrades the plan and the trap hears nothing at all.
test("paying on the built-in checkout upgrades the plan in process, with no outgoing request at all", async () => {
  const heard: string[] = [];
  const trap: Server = createServer((req, res) => {
    heard.push(`${req.method} ${req.url}`);
    res.end("{}");
  });
  await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
  const publicUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
  const own = await startTestServer({ PUBLIC_URL: publicUrl });
  try {
    const browser = fetchThrough(own.port);
    const { access_token } = await signInAs(publicUrl, "in.processo@esempio.it", { fetch: browser });
    const signedIn = { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" };
    const { checkout_url, session_id } = await (
      await browser(`${publicUrl}/api/checkout/session`, { method: "POST", headers: signedIn, body: JSON.stringify({ plan: "pro" }) })
    ).json();
    expect(checkout_url).toBe(`${publicUrl}/api/dev/checkout/${session_id}`);
    const card = new URLSearchParams({ name: "Mario Rossi", number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" });
    const paid = await browser(`${checkout_url}/pay`, { method: "POST", body: card });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe("/success?plan=pro");
    expect((await (await browser(`${publicUrl}/api/subscription/status`, { headers: signedIn })).json()).plan).toBe("pro");
    expect(heard).toEqual([]);
  } finally {
    await own.close();
    await new Promise<void>((resolve) => trap.close(() => resolve()));
  }
});

describe("bad input is a 4xx, never a 500 (§6)", () => {
  const feedback = {
    rating: 4,
    comment: "Molto utile",
    debate_topic: "Treno contro aereo",
    timestamp: "2026-11-23T10:00:00.000Z",
    pdf_requested: true,
  };
  const indexRequest = {
    name: "Anna Bianchi",
    email: "anna@esempio.it",
    indexName: "contratti",
    sourceType: "url",
    websiteUrls: "https://esempio.it",
  };

  test.each([
    ["a NUL character", "Mario\u0000Rossi"],
    ["a lone surrogate", "Mario \ud800 Rossi"],
  ])("%s in a public form is refused in Italian", async (_what, name) => {
    const response = await fetch(`${server.url}/api/forms/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name, email: "mario@esempio.it" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Il testo contiene caratteri non validi.", field: "name" });
  });

  // Every stored text goes through the shared storable string (packages/api-client schemas/text.ts).
  test.each([
    [
      "settings",
      "/api/settings",
      "admin@oystar.test",
      { ...defaultSettings, rag_system_prompt: "Rispondi\u0000 in italiano." },
      "rag_system_prompt",
    ],
    ["debate feedback", "/api/forms/debate-feedback", "base@oystar.test", { ...feedback, comment: "Utile \ud800 davvero" }, "comment"],
    [
      "an indexing request",
      "/api/forms/index-request",
      "business@oystar.test",
      { ...indexRequest, indexName: "contratti\udc00" },
      "indexName",
    ],
  ])("NUL or a lone surrogate in %s is refused in Italian, and nothing is stored", async (_what, path, email, body, field) => {
    const { access_token } = await signInAs(server.url, email);
    const [before] = await server.db.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM form_submissions) + (SELECT count(*) FROM global_settings) AS n",
    );
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Il testo contiene caratteri non validi.", field });
    const [after] = await server.db.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM form_submissions) + (SELECT count(*) FROM global_settings) AS n",
    );
    expect(after?.n).toBe(before?.n);
  });

  // issue 22 item 7: before, a RAG question or history with NUL was a 200 and then `event: error`.
  test.each([
    ["a NUL in the question", { question: "Quante fontane\u0000 ha Villa Aurora?" }],
    ["a lone surrogate in the question", { question: "Quante fontane \ud800 ha Villa Aurora?" }],
    [
      "a NUL in the history",
      { question: "Quante fontane ha Villa Aurora?", chat_history: [{ role: "user", content: "Prima\u0000 domanda" }] },
    ],
    [
      "a lone surrogate in the history",
      { question: "Quante fontane ha Villa Aurora?", chat_history: [{ role: "assistant", content: "Risposta \udc00" }] },
    ],
  ])("%s of a RAG request is a 400 in Italian, before any answer", async (_what, body) => {
    const { access_token } = await signInAs(server.url, "business@oystar.test");
    const response = await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Il testo contiene caratteri non validi." });
  });

  test.each([
    ["question", "?question=Fontane%00"],
    [
      "chat_history_json",
      `?question=Fontane&chat_history_json=${encodeURIComponent(JSON.stringify({ role: "user", content: "Prima\u0000" }))}`,
    ],
  ])("a NUL in the GET form's %s is a 400 in Italian too", async (_what, query) => {
    const { access_token } = await signInAs(server.url, "business@oystar.test");
    const response = await fetch(`${server.url}/api/ask-stream${query}`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Il testo contiene caratteri non validi." });
  });

  test.each([
    ["GET", "/api/dev/checkout/%00"],
    ["POST", "/api/dev/checkout/%00/pay"],
    ["GET", "/api/dev/checkout/cs_dev_%00abc"],
  ])("%s %s, without sign-in, is the built-in checkout's 404 (was a 500)", async (method, path) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      ...(method === "POST" ? { body: new URLSearchParams({ name: "Mario" }) } : {}),
    });
    expect(response.status).toBe(404);
  });

  test("an internal error is logged as one line naming the route, without the caller's text", async () => {
    const log = captureServerLog();
    // A real fault inside a route whose database message quotes what the caller sent (`invalid
    // input syntax for type integer: "…"`): the column of the subject, which holds the name, is
    // an integer for this test. The name carries CR/LF to forge a log line of its own.
    await server.db.query("ALTER TABLE form_submissions RENAME COLUMN subject TO subject_saved");
    await server.db.query("ALTER TABLE form_submissions ADD COLUMN subject integer");
    try {
      const response = await fetch(`${server.url}/api/forms/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Mario\r\n2026-11-23 ERRORE falso: accesso amministratore", email: "log@esempio.it" }),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "Errore interno del server" });
    } finally {
      await server.db.query("ALTER TABLE form_submissions DROP COLUMN subject");
      await server.db.query("ALTER TABLE form_submissions RENAME COLUMN subject_saved TO subject");
    }
    log.stop();
    const errors = log.entries().filter((entry) => entry.level === "error");
    expect(errors).toHaveLength(1);
    // What went wrong, for whoever reads the log: the route, the kind of error and the database's code.
    expect(errors[0]).toMatchObject({
      msg: "Errore interno",
      method: "POST",
      route: "/api/forms/contact",
      kind: expect.stringMatching(/^\w+ 22P02$/),
    });
    const line = log.lines().find((written) => written.includes('"Errore interno"')) ?? "";
    expect(line).not.toMatch(/[\r\u2028\u2029]/);
    expect(line).not.toContain("Mario");
    expect(line).not.toContain("ERRORE falso");
  });
});

describe("a client that goes away mid-body is not a server fault (§6)", () => {
  test.each([
    ["an unauthenticated route", "/api/billing/webhook", null],
    ["a signed-in JSON route", "/groq/chat/completions", "se.ne.va@esempio.it"],
  ])("on %s: no internal error is logged, and the server keeps serving", async (_what, path, email) => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (email) headers.Authorization = `Bearer ${(await signInAs(server.url, email)).access_token}`;
    const log = captureServerLog();
    const sent = `{"model":"openai/gpt-oss-20b","messages":[{"role":"user","content":"${"x".repeat(2000)}`;
    await abortMidBody(server.url, { path, headers, declaredBytes: 100_000, sent });
    // Whatever the server does with the cut request, it has done it by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    log.stop();
    expect(log.entries().filter((entry) => entry.level === "error")).toEqual([]);

    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const again = await fetch(`${server.url}${path}`, { method: "POST", headers, body: "{}" });
    expect(again.status).toBe(400);
  });
});

describe("hygiene (§7)", () => {
  test("forms and the chat take JSON only: a cross-site text/plain post is refused", async () => {
    const contact = await fetch(`${server.url}/api/forms/contact`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ name: "Sito ostile", email: "csrf@esempio.it" }),
    });
    expect(contact.status).toBe(415);
    const [stored] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM form_submissions WHERE fields->>'email' = 'csrf@esempio.it'",
    );
    expect(stored?.n).toBe(0);
    const { access_token } = await signInAs(server.url, "free@oystar.test");
    const chat = await fetch(`${server.url}/groq/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "text/plain" },
      body: JSON.stringify({ model: "openai/gpt-oss-20b", messages: [{ role: "user", content: "ciao" }] }),
    });
    expect(chat.status).toBe(415);
  });

  test("personal answers are never cached, POSTs included", async () => {
    const { access_token } = await signInAs(server.url, "cache@esempio.it");
    const checkout = await fetch(`${server.url}/api/checkout/session`, {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ plan: "pro" }),
    });
    expect(checkout.status).toBe(200);
    expect(checkout.headers.get("cache-control")).toBe("no-store");
    const increment = await fetch(`${server.url}/api/debates/increment`, {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(increment.headers.get("cache-control")).toBe("no-store");
  });

  test("an unknown POST under /api answers a JSON 404", async () => {
    const response = await fetch(`${server.url}/api/non-esiste`, { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Risorsa non trovata" });
  });

  test("public forms are rate-limited per address", async () => {
    const send = () =>
      fetch(`${server.url}/api/forms/enterprise`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Ripetuto", email: "ripetuto@esempio.it", company: "Spam Srl" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await send()).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses[0]).toBe(201);
  });
});
