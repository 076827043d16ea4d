import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Context } from "hono";
import { webMessages } from "./messages";
import { destinationOf, legacyRedirects } from "./one-origin";
import { fileResponse, findFile, pageResponse } from "./static-files";

export type AppFolders = { marketingDist: string; assistantDist: string };

const notBuilt = (app: string) =>
  `L'app ${app} non è ancora stata compilata. Esegui \`pnpm build\` (o \`pnpm start\`, che la compila) e ricarica.`;

/** Serves the two built apps on one origin (DESIGN.md §2); API paths never reach here. */
export function serveApps(folders: AppFolders) {
  return async (c: Context): Promise<Response> => {
    const method = c.req.method;
    const url = new URL(c.req.url);
    const pathname = url.pathname;
    const destination = destinationOf(pathname);
    // An API path no route answered: JSON, whatever the method, never an app page.
    if (destination === "api") return c.json({ error: webMessages.notFound }, 404);
    if (method !== "GET" && method !== "HEAD") {
      return c.json({ error: "Metodo non consentito" }, 405, { Allow: "GET, HEAD" });
    }

    const legacyTarget = legacyRedirects[pathname.replace(/\/$/, "")];
    if (legacyTarget) return c.redirect(`${legacyTarget}${url.search}`, 301);

    if (destination === "assistant-asset" || destination === "assistant-page") {
      const index = join(folders.assistantDist, "index.html");
      if (!existsSync(index)) return c.text(notBuilt("assistant"), 503);
      if (destination === "assistant-page") return pageResponse(index, method);
      const file = await findFile(folders.assistantDist, pathname.slice("/assistant".length));
      return file ? fileResponse(file, pathname, method) : c.text("Risorsa non trovata", 404);
    }

    const index = join(folders.marketingDist, "index.html");
    if (!existsSync(index)) return c.text(notBuilt("marketing"), 503);
    const file = pathname === "/" ? null : await findFile(folders.marketingDist, pathname);
    if (file && file !== resolve(index)) return fileResponse(file, pathname, method);
    // A missing file under assets/ is a real 404, not a page: a stale chunk must fail loudly.
    if (pathname.startsWith("/assets/")) return c.text("Risorsa non trovata", 404);
    // Client-side routes of the marketing app (/oystar, /login, /subscription …).
    return pageResponse(index, method);
  };
}
