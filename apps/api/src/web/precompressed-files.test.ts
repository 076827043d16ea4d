import { precompressFolder } from "@oystar/precompress";
import { readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SITE_STYLE_HASH, startTestServer } from "../../test-support/fixtures";

// Pages and scripts leave the build compressed next to themselves (tooling/precompress); the
// server sends the copy the browser takes, byte for byte, instead of compressing every request.

let server: Awaited<ReturnType<typeof startTestServer>>;
const script = "export const saluto = () => 'Ciao da OYSTAR';\n".repeat(200);
const landing = `<!doctype html><html lang="it"><title>OYSTAR</title><div id="root">${"<p>L'assistente AI privato</p>".repeat(200)}</div></html>`;

beforeAll(async () => {
  server = await startTestServer();
  const marketing = server.env.marketingDist;
  writeFileSync(join(marketing, "assets", "app-abc123.js"), script);
  writeFileSync(join(marketing, "oystar", "index.html"), landing);
  writeFileSync(join(marketing, "404.html"), landing.replace("OYSTAR", "Pagina non trovata"));
  await precompressFolder(marketing);
});
afterAll(() => server.close());

/** A request as a browser sends it, without fetch's transparent decompression. */
function rawGet(
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: new URL(server.url).host };
    if (acceptEncoding !== undefined) headers["Accept-Encoding"] = acceptEncoding;
    request({ host: "127.0.0.1", port: server.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

const CHROMIUM = "gzip, deflate, br, zstd";

describe("files compressed at build", () => {
  test("a browser that takes brotli gets the brotli copy, whatever order it lists encodings in", async () => {
    const response = await rawGet("/assets/app-abc123.js", CHROMIUM);
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["vary"]).toBe("Accept-Encoding");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(response.body.equals(readFileSync(join(server.env.marketingDist, "assets", "app-abc123.js.br")))).toBe(true);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  test("gzip for a browser that refuses brotli or does not know it; the file itself for one that takes neither", async () => {
    for (const accept of ["gzip, deflate", "br;q=0, gzip", "gzip;q=1, br;q=0.5"]) {
      const response = await rawGet("/assets/app-abc123.js", accept);
      expect(response.headers["content-encoding"], accept).toBe("gzip");
      expect(gunzipSync(response.body).toString()).toBe(script);
    }
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const response = await rawGet("/assets/app-abc123.js", accept);
      expect(response.headers["content-encoding"], String(accept)).toBeUndefined();
      expect(response.headers["vary"]).toBe("Accept-Encoding");
      expect(response.body.toString()).toBe(script);
    }
  });

  test("a page and the 404 keep their status and Content-Security-Policy, compressed", async () => {
    const page = await rawGet("/oystar", CHROMIUM);
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain(SITE_STYLE_HASH);
    expect(brotliDecompressSync(page.body).toString()).toBe(landing);

    const missing = await rawGet("/non-esiste", "gzip");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBe("gzip");
    expect(missing.headers["content-security-policy"]).toContain(SITE_STYLE_HASH);
    expect(gunzipSync(missing.body).toString()).toContain("Pagina non trovata");
  });

  test("a HEAD says what a GET would send, without the body", async () => {
    const head = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      request(
        {
          host: "127.0.0.1",
          port: server.port,
          path: "/assets/app-abc123.js",
          method: "HEAD",
          headers: { Host: new URL(server.url).host, "Accept-Encoding": CHROMIUM },
        },
        (res) => {
          res.resume();
          resolve(res.headers);
        },
      )
        .on("error", reject)
        .end();
    });
    expect(head["content-encoding"]).toBe("br");
    expect(Number(head["content-length"])).toBe(readFileSync(join(server.env.marketingDist, "assets", "app-abc123.js.br")).length);
  });

  test("the compressed copies are not addresses of their own", async () => {
    for (const path of ["/assets/app-abc123.js.br", "/assets/app-abc123.js.gz", "/oystar/index.html.br"]) {
      expect((await rawGet(path, CHROMIUM)).status, path).toBe(404);
    }
  });
});
