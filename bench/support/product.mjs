// What every benchmark needs (DESIGN.md §11): the real built product on a free port with an empty
// data directory, and Debian's Chromium through the e2e package's Playwright.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const requireFromE2e = createRequire(join(root, "e2e/package.json"));
/**
 * The checkout whose build is measured: this one, or another one's (BENCH_PRODUCT_ROOT, e.g. a
 * clone of an earlier commit, built) to give a "before" figure with the same benchmark script.
 */
export const productRoot = process.env.BENCH_PRODUCT_ROOT ?? root;

export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts apps/api/dist/main.js; resolves once /api/health answers. `nodeArguments` go before the
 * script (e.g. --cpu-prof, which NODE_OPTIONS does not take).
 */
export async function startProduct(env = {}, { nodeArguments = [] } = {}) {
  const serverEntry = join(productRoot, "apps/api/dist/main.js");
  if (!existsSync(serverEntry)) {
    console.error("apps/api/dist/main.js manca: esegui prima `pnpm build`.");
    process.exit(1);
  }
  const port = await freePort();
  // The server answers only under its public origin (PUBLIC_URL): the one the benchmarks use.
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "oystar-bench-"));
  const server = spawn(process.execPath, [...nodeArguments, serverEntry], {
    // A data folder of its own (removed when the server ends) unless the caller gives one.
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      NODE_ENV: "test",
      WORKERS: "1",
      DRAIN_TIMEOUT_MS: "1000",
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: "ignore",
  });
  // A benchmark leaves nothing in the temp directory (issue 28 §10).
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  server.once("exit", removeData);
  process.once("exit", () => {
    server.kill("SIGKILL");
    removeData();
  });
  // Up to two minutes: a start on a machine busy with other work takes a while.
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    if (
      await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, pid: server.pid, stop: () => server.kill() };
}

export async function launchChromium() {
  const { chromium } = requireFromE2e("@playwright/test");
  const { chromiumArgs, chromiumExecutablePath } = await import(requireFromE2e.resolve("@oystar/vitest-config/chromium"));
  return chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArgs });
}

/** The value at quantile q (0–1) of a list of numbers. */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Records the page's long tasks in `window.__longTasks` ({ start, duration }) from its first script. */
export function recordLongTasks(page) {
  return page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) =>
      window.__longTasks.push(...list.getEntries().map((entry) => ({ start: entry.startTime, duration: entry.duration }))),
    ).observe({
      type: "longtask",
      buffered: true,
    });
  });
}

/** Proof the long-task observer works on this browser: an 80 ms task of the page's own must be seen. */
export async function checkLongTaskObserver(page) {
  const seen = await page.evaluate(async () => {
    const before = window.__longTasks.length;
    // A task of the page's own (a timer), as the app's work would be.
    setTimeout(() => {
      const end = performance.now() + 80;
      while (performance.now() < end);
    }, 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return window.__longTasks.length > before;
  });
  if (!seen) throw new Error("PerformanceObserver longtask non funziona in questo browser: misura non valida");
}

/**
 * Signs in as a seeded account over HTTP, as @auth0/auth0-spa-js does with the built-in provider
 * (PKCE, state, nonce); returns the access token.
 */
export async function accessTokenFor(base, email) {
  const { auth } = await (await fetch(`${base}/config.json`)).json();
  const verifier = randomBytes(32).toString("base64url");
  const redirectUri = `${base}/chat`;
  const params = new URLSearchParams({
    client_id: auth.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    response_mode: "query",
    scope: "openid profile email offline_access",
    audience: auth.audience,
    state: randomBytes(8).toString("hex"),
    nonce: randomBytes(8).toString("hex"),
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  const login = await fetch(`${base}/idp/login?${params}`, { method: "POST", body: new URLSearchParams({ email }), redirect: "manual" });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const authorize = await fetch(`${base}${login.headers.get("location")}`, { headers: { cookie }, redirect: "manual" });
  const code = new URL(authorize.headers.get("location") ?? "").searchParams.get("code") ?? "";
  const token = await fetch(`${base}/idp/oauth/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: auth.clientId,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    }),
  });
  return (await token.json()).access_token;
}

/** Signs in as a seeded account through the built-in provider's page and waits to be on `path`. */
export async function signInThroughProvider(page, base, email, path) {
  await page.goto(`${base}/login?returnTo=${encodeURIComponent(path)}`);
  await page.getByRole("button", { name: "ACCEDI" }).click();
  await page.getByRole("button", { name: `Accedi come ${email}` }).click();
  await page.waitForURL((url) => url.pathname === path);
}
