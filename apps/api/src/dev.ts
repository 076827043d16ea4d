// `pnpm dev`: the one origin of DESIGN.md §2 with hot reload. The API runs as in production;
// each app's pages and modules come from its own Vite dev server in middleware mode.
import { getRequestListener } from "@hono/node-server";
import { readFile } from "node:fs/promises";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import { createApp } from "./app";
import { loadEnv, processEnvironment } from "./env";
import { withPublicUrl } from "./server";
import { openServices } from "./services";
import { contentSecurityPolicy } from "./web/security-headers";
import { webMessages } from "./web/messages";
import { sendingNodeStreams } from "./web/node-stream-answer";
import { destinationOf, legacyRedirects } from "./web/one-origin";
import { log } from "./observe/log";

const loaded = loadEnv({ NODE_ENV: "development", ...processEnvironment() });
const env = withPublicUrl(loaded, loaded.port);
const appsDir = resolve(env.marketingDist, "../..");

const server = createHttpServer();

// Both Vite servers put their HMR websocket on our one server; each answers only on its own
// base path ("/" and "/assistant/"), so they never take each other's connections.
async function viteFor(app: "marketing" | "assistant"): Promise<ViteDevServer> {
  const root = resolve(appsDir, app);
  return createViteServer({
    root,
    configFile: resolve(root, "vite.config.ts"),
    appType: "custom",
    server: { middlewareMode: true, hmr: { server } },
  });
}

const marketing = await viteFor("marketing");
const assistant = await viteFor("assistant");
// In dev the API answers every non-page path; pages are handled below.
const services = await openServices(env);
const api = getRequestListener(
  sendingNodeStreams(createApp(env, services, { pages: async (c) => c.json({ error: webMessages.notFound }, 404) }).fetch),
);

async function servePage(vite: ViteDevServer, req: IncomingMessage, res: ServerResponse) {
  const template = await readFile(resolve(vite.config.root, "index.html"), "utf8");
  const html = await vite.transformIndexHtml(req.url ?? "/", template);
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
    "Content-Security-Policy": contentSecurityPolicy({ dev: true }),
    "X-Content-Type-Options": "nosniff",
  });
  res.end(html);
}

server.on("request", (req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  const legacyTarget = legacyRedirects[url.pathname.replace(/\/$/, "")];
  if (legacyTarget) {
    res.writeHead(301, { Location: `${legacyTarget}${url.search}` }).end();
    return;
  }
  const destination = destinationOf(url.pathname);
  if (destination === "api") {
    void api(req, res);
    return;
  }
  const vite = destination === "marketing" ? marketing : assistant;
  // Vite serves modules and assets; anything it does not know is an app page.
  vite.middlewares(req, res, () => {
    servePage(vite, req, res).catch((error: unknown) => {
      vite.ssrFixStacktrace(error as Error);
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(String(error));
    });
  });
});

server.listen(env.port, env.host, () => {
  log.info(`OYSTAR (sviluppo, ricarica automatica) su ${env.publicUrl}`);
});
