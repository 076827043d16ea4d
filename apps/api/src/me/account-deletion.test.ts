import { ACCOUNT_DELETION_CONFIRMATION, API_PATHS, myDataSchema, type MyData } from "@oystar/api-client";
import { turnCall } from "@oystar/debate-engine";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { CheckoutProvider } from "../billing/checkout-provider";
import { tablesNamingAccount, type AccountNames } from "../../test-support/account-scan";
import { startTestServer } from "../../test-support/fixtures";
import { privateIndex, userIdOf } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";
import { unusedSubscriptions } from "../../test-support/unused-subscriptions";

// Issue 36 §8: 'I miei dati' downloads everything the server holds about the caller; 'Elimina
// account' deletes it — after which no row of any table names the account, and its old tokens
// are refused. The debate's model is a fake OpenAI-compatible server (a third party); Stripe is a
// recording stand-in, its events signed with the real SDK's helper.

function fakeModel(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "Il treno inquina meno." } }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const json = (token: string) => ({ ...bearer(token), "Content-Type": "application/json" });

describe("with the built-in checkout and identity provider", () => {
  let upstream: ReturnType<typeof createServer>;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    upstream = createServer(fakeModel);
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    server = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1` });
  });
  afterAll(async () => {
    await server.close();
    upstream.closeAllConnections();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  const post = (path: string, token: string | null, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: token ? json(token) : { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const myData = (token: string) => fetch(`${server.url}${API_PATHS.myData}`, { headers: bearer(token) });
  const deleteAccount = (token: string, body: unknown = { confirmation: ACCOUNT_DELETION_CONFIRMATION }) =>
    fetch(`${server.url}${API_PATHS.me}`, { method: "DELETE", headers: json(token), body: JSON.stringify(body) });

  /** A six-turn debate of the caller's, played through, and the caller's vote on it. */
  async function votedDebate(token: string): Promise<string> {
    const { debate_id: debateId } = (await (
      await fetch(`${server.url}${API_PATHS.debateIncrement}`, { method: "POST", headers: bearer(token) })
    ).json()) as { debate_id: string };
    const subject = {
      debateId,
      mode: "debate" as const,
      topic: "Treno contro aereo",
      options: { A: "Treno", B: "aereo" },
      models: { A: "mixtral-8x7b-32768", B: "openai/gpt-oss-20b" },
      length: 6,
      provider: "cloud" as const,
    };
    for (let turn = 0; turn < 6; turn += 1) {
      const history = Array.from({ length: turn }, (_, n) => ({
        speaker: n % 2 === 0 ? ("A" as const) : ("B" as const),
        turn: n,
        content: `Intervento ${n + 1}.`,
      }));
      const answer = await post(API_PATHS.debateCalls, token, turnCall({ ...subject, history, turn }));
      expect(answer.status).toBe(200);
      await answer.text();
    }
    const feedback = {
      rating: 5,
      comment: "",
      debate_topic: "Treno contro aereo",
      timestamp: new Date().toISOString(),
      pdf_requested: false,
      debate_id: debateId,
      preferred_side: "A",
    };
    expect((await post(API_PATHS.debateFeedbackForm, token, feedback)).status).toBe(201);
    return debateId;
  }

  test("'I miei dati' is the caller's own, as a JSON download; signed out there is none", async () => {
    const anonymous = await fetch(`${server.url}${API_PATHS.myData}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Accesso richiesto: effettua il login." });

    const { access_token } = await signInAs(server.url, "nuovo.arrivo@esempio.it");
    const answer = await myData(access_token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="oystar-i-miei-dati-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const data = myDataSchema.parse(await answer.json());
    expect(data.account).toMatchObject({ email: "nuovo.arrivo@esempio.it", subject: "oystar-dev|nuovo.arrivo@esempio.it" });
    expect(data.subscription.plan).toBe("free");
    expect(data).toMatchObject({ debates: [], forms: [], indexes: [], deviceKey: { exists: false, createdAt: null } });
  });

  test("a deletion needs its confirmation spelled out, and a signed-in caller", async () => {
    const { access_token } = await signInAs(server.url, "indeciso@esempio.it");
    for (const body of [{}, { confirmation: "sì" }, { confirmation: ACCOUNT_DELETION_CONFIRMATION, also: true }]) {
      const refused = await deleteAccount(access_token, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "Per eliminare l'account conferma con «ELIMINA IL MIO ACCOUNT»." });
    }
    const unsigned = await fetch(`${server.url}${API_PATHS.me}`, {
      method: "DELETE",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ confirmation: ACCOUNT_DELETION_CONFIRMATION }),
    });
    expect(unsigned.status).toBe(401);
    expect((await (await fetch(`${server.url}${API_PATHS.me}`, { headers: bearer(access_token) })).json()).email).toBe(
      "indeciso@esempio.it",
    );
  });

  test("the file holds every kind of thing the account has; the deletion leaves no row naming it, and its old token is refused", async () => {
    const email = "business@oystar.test";
    const { access_token: token } = await signInAs(server.url, email);
    const other = await signInAs(server.url, "pro@oystar.test");
    // Things the account has: a question, a voted debate, an indexing request, a contact form sent
    // without signing in from its (verified) email, an index of its own, its device key.
    const question = await post(API_PATHS.chatCompletions, token, {
      model: "llama-3.1-8b-instant",
      messages: [{ role: "user", content: "Ciao" }],
      stream: true,
    });
    expect(question.status).toBe(200);
    await question.text();
    const debateId = await votedDebate(token);
    const indexRequest = {
      name: "Bruna Aziendale",
      email,
      company: "Azienda Srl",
      indexName: "contratti-2026",
      sourceType: "url",
      pdfUrls: "",
      websiteUrls: "https://azienda.example/contratti",
    };
    expect((await post(API_PATHS.indexRequestForm, token, indexRequest)).status).toBe(201);
    expect(
      (
        await post(API_PATHS.contactForm, null, {
          name: "Bruna",
          email: "Business@Oystar.test",
          company: "",
          message: "Vorrei sapere di più.",
        })
      ).status,
    ).toBe(201);
    await privateIndex(server.db, "archivio-bruna", await userIdOf(server.db, email), {
      "contratto.md": "Il contratto si rinnova ogni anno a gennaio.",
    });
    expect((await fetch(`${server.url}${API_PATHS.deviceKey}`, { headers: bearer(token) })).status).toBe(200);
    // Someone else's things stay.
    const otherDebate = await votedDebate(other.access_token);

    const data: MyData = myDataSchema.parse(await (await myData(token)).json());
    expect(data.account).toMatchObject({ email, subject: `oystar-dev|${email}`, name: "Utente Business" });
    expect(data.subscription.plan).toBe("business");
    expect(data.usage).toEqual([{ month: new Date().toISOString().slice(0, 7), queriesUsed: 1, debatesUsed: 1 }]);
    expect(data.debates).toEqual([
      expect.objectContaining({ id: debateId, vote: "A", modelA: "mixtral-8x7b-32768", modelB: "openai/gpt-oss-20b", turnsUsed: 6 }),
    ]);
    expect(data.forms.map((form) => form.kind).sort()).toEqual(["contact", "debate-feedback", "index-request"]);
    expect(data.forms.find((form) => form.kind === "index-request")?.fields).toMatchObject({
      indexName: "contratti-2026",
      websiteUrls: "https://azienda.example/contratti",
    });
    expect(data.indexes).toEqual([
      expect.objectContaining({ name: "archivio-bruna", documents: [expect.objectContaining({ filename: "contratto.md" })] }),
    ]);
    expect(data.limits.map((limit) => limit.action).sort()).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(data.deviceKey.exists).toBe(true);
    // Never the key itself, never a conversation's words.
    const text = JSON.stringify(data);
    expect(text).not.toContain("Ciao");
    expect(text).not.toContain("Il treno inquina meno");

    const names: AccountNames = { id: data.account.id, sub: data.account.subject, email };
    // The scan sees the account where it is (so an empty scan later means something).
    expect(Object.keys(await tablesNamingAccount(server.db, names))).toEqual(
      expect.arrayContaining([
        "users",
        "usage",
        "debates",
        "form_submissions",
        "rag_indexes",
        "account_device_keys",
        "account_action_windows",
        "idp_accounts",
      ]),
    );

    const deleted = await deleteAccount(token);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({
      deleted: true,
      subscriptionsCancelled: 0,
      formsDeleted: 3,
      debatesDeleted: 1,
      indexesDeleted: 1,
    });
    expect(await tablesNamingAccount(server.db, names)).toEqual({});
    // Its index's documents and passages went with it; the other account's debate and vote stay.
    expect(
      await server.db.query("SELECT 1 FROM rag_chunks c JOIN rag_indexes i ON i.id = c.index_id WHERE i.name = 'archivio-bruna'"),
    ).toEqual([]);
    expect(await server.db.query<{ user_vote: string }>("SELECT user_vote FROM debates WHERE id = $1", [otherDebate])).toEqual([
      { user_vote: "A" },
    ]);

    // The old token: refused everywhere, and it registers nothing.
    for (const path of [API_PATHS.me, API_PATHS.myData, API_PATHS.subscriptionStatus]) {
      const refused = await fetch(`${server.url}${path}`, { headers: bearer(token) });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: "Questo account è stato eliminato. Accedi di nuovo per crearne uno nuovo." });
    }
    expect((await deleteAccount(token)).status).toBe(401);
    expect(await tablesNamingAccount(server.db, names)).toEqual({});

    // A new sign-in later is a first sign-in: a new, empty free account.
    const again = await vi.waitFor(
      async () => {
        const { access_token } = await signInAs(server.url, email);
        expect((await fetch(`${server.url}${API_PATHS.me}`, { headers: bearer(access_token) })).status).toBe(200);
        return access_token;
      },
      { timeout: 5000, interval: 250 },
    );
    const fresh = myDataSchema.parse(await (await myData(again)).json());
    expect(fresh.account.id).not.toBe(data.account.id);
    expect(fresh).toMatchObject({ subscription: { plan: "free" }, debates: [], forms: [], indexes: [], usage: [] });
  });
});

describe("with Stripe", () => {
  const cancelled: string[] = [];
  const expired: string[] = [];
  let failing = false;
  const stripeStandIn: CheckoutProvider = {
    builtIn: false,
    subscriptions: unusedSubscriptions,
    async createSession({ plan }) {
      const id = `cs_test_${plan.id}_${Math.random().toString(36).slice(2)}`;
      return { id, url: `https://checkout.stripe.com/c/pay/${id}` };
    },
    async expireSession(id) {
      expired.push(id);
    },
    async cancelSubscription(id) {
      if (failing) throw new Error("Stripe non risponde");
      cancelled.push(id);
      return true;
    },
  };
  const webhookSecret = "whsec_controfigura_di_prova";
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(
      { STRIPE_SECRET_KEY: "sk_test_controfigura", STRIPE_WEBHOOK_SECRET: webhookSecret },
      { stripe: stripeStandIn },
    );
  });
  afterAll(() => server.close());

  test("the paid subscription is cancelled and the open checkout closed; if Stripe fails, nothing is deleted", async () => {
    const email = "abbonata@esempio.it";
    const { access_token: token } = await signInAs(server.url, email);
    const open = async (plan: string) =>
      (await (
        await fetch(`${server.url}${API_PATHS.checkoutSession}`, { method: "POST", headers: json(token), body: JSON.stringify({ plan }) })
      ).json()) as { session_id: string };
    const pro = await open("pro");
    const event = {
      id: "evt_abbonata_pro",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: pro.session_id,
          object: "checkout.session",
          metadata: { user_id: await userIdOf(server.db, email), plan: "pro" },
          payment_status: "paid",
        },
      },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(
      (
        await fetch(`${server.url}${API_PATHS.billingWebhook}`, {
          method: "POST",
          headers: { "Stripe-Signature": signature },
          body: payload,
        })
      ).status,
    ).toBe(200);
    // Paid Pro; then a Business checkout opened and left unpaid.
    const later = await open("business");

    failing = true;
    const refused = await fetch(`${server.url}${API_PATHS.me}`, {
      method: "DELETE",
      headers: json(token),
      body: JSON.stringify({ confirmation: ACCOUNT_DELETION_CONFIRMATION }),
    });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({
      error:
        "Non è stato possibile annullare l'abbonamento presso il servizio di pagamento: l'account non è stato eliminato. Riprova tra poco.",
    });
    expect((await fetch(`${server.url}${API_PATHS.me}`, { headers: bearer(token) })).status).toBe(200);

    failing = false;
    expired.length = 0;
    const names = { id: await userIdOf(server.db, email), sub: `oystar-dev|${email}`, email };
    const deleted = await fetch(`${server.url}${API_PATHS.me}`, {
      method: "DELETE",
      headers: json(token),
      body: JSON.stringify({ confirmation: ACCOUNT_DELETION_CONFIRMATION }),
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ deleted: true, subscriptionsCancelled: 1 });
    expect(cancelled).toEqual([pro.session_id]);
    expect(expired).toEqual([later.session_id]);
    expect(await tablesNamingAccount(server.db, names)).toEqual({});
  });
});
