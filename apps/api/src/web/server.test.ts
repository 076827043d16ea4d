import { createHash } from "node:crypto";
import { request } from "node:http";
import { themeBootScript } from "@oystar/ui-kit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SITE_STYLE_HASH, startTestServer } from "../../test-support/fixtures";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

/** fetch() normalises "../" away; a raw request sends the path exactly as an attacker would. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: server.port, path, method: "GET", headers: { Host: new URL(server.url).host } },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("API", () => {
  test("GET /api/health answers ok with the version, never cached", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", version: server.env.version });
    expect(typeof body.uptime_seconds).toBe("number");
  });

  test("GET /config.json gives the runtime configuration", async () => {
    const response = await get("/config.json");
    expect(response.status).toBe(200);
    // Dev mode: the built-in identity provider on this very origin.
    expect(await response.json()).toEqual({
      version: server.env.version,
      provider: "cloud",
      auth: { domain: `${server.url}/idp`, clientId: "oystar-dev-client", audience: "urn:oystar:api" },
    });
  });

  test("unknown API paths answer 404 in Italian, as JSON", async () => {
    for (const path of ["/api/nope", "/groq/nope", "/api"]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Risorsa non trovata" });
    }
  });

  test("writing to a page path is refused with 405", async () => {
    const response = await get("/oystar", { method: "POST", body: "x" });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ error: "Metodo non consentito" });
  });
});

describe("one origin", () => {
  test.each([
    "/",
    "/oystar",
    "/oystar-ai",
    "/login",
    "/subscription?plan=pro",
    "/enterprise-contact",
    "/contact",
    "/business-index-request",
    "/success",
  ])("%s is a marketing page, served as it was prerendered", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain(`<h1>marketing ${new URL(path, server.url).pathname}</h1>`);
  });

  test.each(["/non-esiste", "/oystar/altro", "/robots", "/index.htm"])(
    "%s is not a page: the site's 404 page, with status 404",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(await response.text()).toContain("<h1>marketing 404</h1>");
    },
  );

  test("the site's pages allow their inlined stylesheet by its hash, and nothing else inline", async () => {
    for (const path of ["/oystar", "/non-esiste"]) {
      const policy = (await get(path)).headers.get("content-security-policy") ?? "";
      expect(policy).toContain(`style-src 'self' '${SITE_STYLE_HASH}'`);
      expect(policy).not.toContain("unsafe-inline");
    }
    expect((await get("/api/health")).headers.get("content-security-policy")).toContain("style-src 'self';");
  });

  test("a page's address with a trailing slash leads to the page's one address", async () => {
    const response = await get("/oystar/?ref=x", { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/oystar?ref=x");
  });

  test("robots.txt keeps crawlers off the API and the signed-in screens and names the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.headers.get("content-type")).toContain("text/plain");
    const robots = await response.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(/^Disallow: \/chat$/m);
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  test("sitemap.xml lists the indexable pages at the public origin, and only those", async () => {
    const response = await get("/sitemap.xml");
    expect(response.headers.get("content-type")).toContain("application/xml");
    const sitemap = await response.text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(listed).toEqual(
      ["/oystar", "/oystar-ai", "/subscription", "/enterprise-contact", "/contact"].map((path) => `${server.url}${path}`),
    );
  });

  test.each(["/chat", "/debate", "/rag", "/debate/anything", "/chat/"])("%s is an assistant page", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>assistant</title>");
  });

  test("assistant assets come from /assistant/, hashed and immutable", async () => {
    const response = await get("/assistant/assets/index-def456.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toContain("assistant");
  });

  test("pages and assets are compressed for browsers that accept it", async () => {
    const { request: raw } = await import("node:http");
    const encoding = await new Promise<string | undefined>((resolve, reject) => {
      raw(
        {
          host: "127.0.0.1",
          port: server.port,
          path: "/assets/big-abc123.js",
          headers: { Host: new URL(server.url).host, "Accept-Encoding": "gzip" },
        },
        (res) => {
          res.resume();
          resolve(res.headers["content-encoding"]);
        },
      )
        .on("error", reject)
        .end();
    });
    expect(encoding).toBe("gzip");
    // fetch decompresses transparently: the content arrives whole.
    expect(await (await get("/assets/big-abc123.js")).text()).toBe("x".repeat(4096));
  });

  test("marketing files are served with their content type", async () => {
    const script = await get("/assets/index-abc123.js");
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const icon = await get("/favicon.svg");
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
  });

  test("source maps are not served", async () => {
    const response = await get("/assets/index-abc123.js.map");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("sources");
  });

  test("a missing asset is a 404, not a page", async () => {
    expect((await get("/assets/gone-000.js")).status).toBe(404);
    expect((await get("/assistant/assets/gone-000.js")).status).toBe(404);
  });

  test("legacy names redirect permanently and keep the query", async () => {
    const pigna = await get("/pigna?ref=old");
    expect(pigna.status).toBe(301);
    expect(pigna.headers.get("location")).toBe("/oystar?ref=old");
    const pignaAi = await get("/pigna-ai");
    expect(pignaAi.status).toBe(301);
    expect(pignaAi.headers.get("location")).toBe("/oystar-ai");
  });

  test.each(["/..%2f..%2fsecret.txt", "/assets/../../secret.txt", "/assistant/..%2f..%2fsecret.txt", "/%2e%2e/secret.txt"])(
    "%s never escapes the app folder",
    async (path) => {
      const { status, body } = await rawGet(path);
      // Answered by this server (a page or a 404), not turned away before the check ran.
      expect([200, 404]).toContain(status);
      expect(body).not.toContain("do not serve");
    },
  );
});

describe("security headers", () => {
  test.each(["/oystar", "/chat", "/api/health", "/assistant/assets/index-def456.js"])("%s carries them", async (path) => {
    const response = await get(path);
    const csp = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((part) => part.trim().startsWith("script-src")) ?? "";
    // Our origin, and the theme's boot script by its hash (issue 36 §7): no other inline script.
    expect(scriptSrc.trim()).toBe(`script-src 'self' 'sha256-${createHash("sha256").update(themeBootScript).digest("base64")}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    // HSTS only in production, where the origin is HTTPS.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});
