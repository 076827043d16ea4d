import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";

// A stand-in for the third-party form-collection service: it records what it receives.
let collector: Server;
let received: Array<Record<string, unknown>> = [];
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push(JSON.parse(body));
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({ FORMS_FORWARD_URL: `http://127.0.0.1:${(collector.address() as AddressInfo).port}/forms` });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => collector.close(() => resolve()));
});

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("enterprise and contact forms", () => {
  test("a valid request is stored with the subject and forwarded as JSON", async () => {
    received = [];
    const response = await post("/api/forms/enterprise", {
      name: "Giulia Bianchi",
      email: "giulia@studio.it",
      company: "Studio Legale",
      message: "Preventivo per 40 utenti",
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [row] = await server.db.query<{ subject: string; forwarded_at: Date | null }>(
      "SELECT subject, forwarded_at FROM form_submissions WHERE id = $1",
      [id],
    );
    expect(row?.subject).toBe("Richiesta Enterprise da Giulia Bianchi");
    expect(row?.forwarded_at).not.toBeNull();
    expect(received).toEqual([
      {
        name: "Giulia Bianchi",
        email: "giulia@studio.it",
        company: "Studio Legale",
        message: "Preventivo per 40 utenti",
        subject: "Richiesta Enterprise da Giulia Bianchi",
      },
    ]);
  });

  test("bad input gets a 400 with the Italian message and the field", async () => {
    const response = await post("/api/forms/enterprise", { name: "Giulia", email: "giulia@studio.it" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "L'azienda è obbligatorio", field: "company" });
    expect((await post("/api/forms/contact", "{not json")).status).toBe(400);
  });

  test("bots filling the hidden field are refused", async () => {
    expect((await post("/api/forms/contact", { name: "Bot", email: "b@b.it", website: "http://spam.example" })).status).toBe(400);
  });

  test("an oversized body is refused before it is read", async () => {
    const response = await post("/api/forms/contact", { name: "A", email: "a@b.it", message: "x".repeat(70 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Il modulo è troppo lungo." });
  });
});

describe("indexing request", () => {
  test("needs sign-in", async () => {
    expect((await post("/api/forms/index-request", { name: "A" })).status).toBe(401);
  });

  test("is stored with the index name in the subject and the requester's account", async () => {
    const { access_token } = await signInAs(server.url, "business@oystar.test");
    const response = await post(
      "/api/forms/index-request",
      {
        name: "Marco Verdi",
        email: "marco@azienda.it",
        indexName: "contratti-2026",
        sourceType: "both",
        pdfUrls: "https://azienda.it/a.pdf",
        websiteUrls: "",
      },
      access_token,
    );
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [row] = await server.db.query<{ subject: string; user_id: string | null }>(
      "SELECT subject, user_id::text FROM form_submissions WHERE id = $1",
      [id],
    );
    expect(row?.subject).toBe('Richiesta di indicizzazione "contratti-2026" da Marco Verdi');
    expect(row?.user_id).not.toBeNull();
  });

  test("the source rules apply on the server", async () => {
    const { access_token } = await signInAs(server.url, "business@oystar.test");
    const response = await post(
      "/api/forms/index-request",
      { name: "Marco", email: "marco@azienda.it", indexName: "x", sourceType: "url", websiteUrls: "ftp://azienda.it" },
      access_token,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("Indirizzo non valido (solo http o https): ftp://azienda.it");
  });
});

describe("debate feedback (spec 001 §3, §5)", () => {
  const feedback = {
    rating: 4,
    comment: "Molto utile",
    debate_topic: "Treno contro aereo",
    timestamp: "2026-11-23T10:00:00.000Z",
    pdf_requested: true,
  };

  test("needs sign-in", async () => {
    expect((await post("/api/forms/debate-feedback", feedback)).status).toBe(401);
  });

  test("is stored with the rating, comment, topic, time and PDF choice, and nothing else", async () => {
    const { access_token } = await signInAs(server.url, "base@oystar.test");
    const response = await post("/api/forms/debate-feedback", feedback, access_token);
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [row] = await server.db.query<{ kind: string; fields: Record<string, unknown> }>(
      "SELECT kind, fields FROM form_submissions WHERE id = $1",
      [id],
    );
    expect(row).toEqual({ kind: "debate-feedback", fields: feedback });
  });

  test("a rating outside 1–5, a comment over 500 characters or extra fields are refused", async () => {
    const { access_token } = await signInAs(server.url, "base@oystar.test");
    const bad = [
      { ...feedback, rating: 0 },
      { ...feedback, rating: 6 },
      { ...feedback, comment: "x".repeat(501) },
      { ...feedback, transcript: "il dibattito" },
    ];
    for (const body of bad) expect((await post("/api/forms/debate-feedback", body, access_token)).status).toBe(400);
    expect((await (await post("/api/forms/debate-feedback", { ...feedback, rating: 0 }, access_token)).json()).error).toBe(
      "Scegli un voto da 1 a 5",
    );
  });
});
