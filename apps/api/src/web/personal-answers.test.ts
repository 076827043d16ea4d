import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { bearer, readAnswer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// issue 22 item 8: no browser or proxy keeps a personal answer — streams, refusals and the
// built-in card page included — while what is public and cacheable keeps its caching.

let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;
let pro: string;
beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
  pro = (await signInAs(server.url, "pro@oystar.test")).access_token;
});
afterAll(() => server.close());

const cacheControl = (response: Response) => response.headers.get("cache-control");
const askPost = (token: string) =>
  fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(token) },
    body: JSON.stringify({ question: "Quante fontane ha Villa Aurora?" }),
  });

describe("personal answers say no-store", () => {
  test("a RAG answer's event stream, POST and GET (Hono's streamSSE said no-cache)", async () => {
    const posted = await askPost(business);
    expect(posted.headers.get("content-type")).toContain("text/event-stream");
    expect(cacheControl(posted)).toBe("no-store");
    expect((await readAnswer(posted)).ended).toBe(true);
    const got = await fetch(`${server.url}/api/ask-stream?question=${encodeURIComponent("Quante fontane ha Villa Aurora?")}`, {
      headers: bearer(business),
    });
    expect(cacheControl(got)).toBe("no-store");
    await got.text();
  });

  test("refusals: a plan's 403, a missing sign-in's 401, an admin-only 403, a bad body's 400", async () => {
    const planRefusal = await askPost(pro);
    expect(planRefusal.status).toBe(403);
    expect(cacheControl(planRefusal)).toBe("no-store");
    const unsigned = await fetch(`${server.url}/api/subscription/status`);
    expect(unsigned.status).toBe(401);
    expect(cacheControl(unsigned)).toBe("no-store");
    const notAdmin = await fetch(`${server.url}/api/admin/index-requests`, { headers: bearer(pro) });
    expect(notAdmin.status).toBe(403);
    expect(cacheControl(notAdmin)).toBe("no-store");
    const badBody = await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(business) },
      body: "{}",
    });
    expect(badBody.status).toBe(400);
    expect(cacheControl(badBody)).toBe("no-store");
  });

  test("the built-in card page, its refusals and its 'gone' page (the session id in the address is the capability)", async () => {
    const checkout = await fetch(`${server.url}/api/checkout/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(pro) },
      body: JSON.stringify({ plan: "business" }),
    });
    const { checkout_url } = (await checkout.json()) as { checkout_url: string };
    const page = await fetch(checkout_url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(cacheControl(page)).toBe("no-store");
    const declined = await fetch(`${checkout_url}/pay`, {
      method: "POST",
      body: new URLSearchParams({ name: "Mario Rossi", number: "4000000000000002", expiry: "12/40", cvc: "123" }),
    });
    expect(declined.status).toBe(402);
    expect(cacheControl(declined)).toBe("no-store");
    const gone = await fetch(`${server.url}/api/dev/checkout/cs_dev_${"x".repeat(24)}`);
    expect(gone.status).toBe(404);
    expect(cacheControl(gone)).toBe("no-store");
  });
});

describe("public answers keep their caching", () => {
  test.each([
    ["/robots.txt", "public, max-age=3600"],
    ["/assets/index-abc123.js", "public, max-age=31536000, immutable"],
    ["/idp/avatar/mario.svg", "public, max-age=86400"],
    ["/api/dev/checkout.css", "public, max-age=3600"],
  ])("%s", async (path, expected) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(cacheControl(response)).toBe(expected);
  });
});
