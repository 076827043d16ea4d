import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "hono";
import { webMessages } from "./messages";
import { destinationOf, legacyRedirects } from "./one-origin";
import { contentSecurityPolicy } from "./security-headers";
import { pageAt, sitePagesOf } from "./site-pages";
import { acceptedEncodings, fileResponse, findFile, pageResponse } from "./static-files";

export type AppFolders = { marketingDist: string; assistantDist: string };

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
      return c.json({ error: webMessages.methodNotAllowed }, 405, { Allow: "GET, HEAD" });
    }

    const accepted = acceptedEncodings(c.req.header("Accept-Encoding"));
    const legacyTarget = legacyRedirects[pathname.replace(/\/$/, "")];
    if (legacyTarget) return c.redirect(`${legacyTarget}${url.search}`, 301);

    if (destination === "assistant-asset" || destination === "assistant-page") {
      const index = join(folders.assistantDist, "index.html");
      if (!existsSync(index)) return c.text(webMessages.notBuilt("assistant"), 503);
      if (destination === "assistant-page") return pageResponse(index, { method, accepted });
      const file = await findFile(folders.assistantDist, pathname.slice("/assistant".length));
      return file ? fileResponse(file, pathname, method, accepted) : c.text(webMessages.notFound, 404);
    }

    // The site: each page prerendered at build (issue 15), files as they are, and a real 404.
    const site = sitePagesOf(folders.marketingDist);
    if (!site) return c.text(webMessages.notBuilt("marketing"), 503);
    // The pages' inline stylesheet is allowed by its hash, and nothing else inline.
    const policy = { "Content-Security-Policy": contentSecurityPolicy({ styleHashes: site.styleHashes }) };
    const page = pageAt(site, pathname);
    if (page) {
      // One address per page: "/oystar/" is "/oystar".
      if (page.path !== pathname) return c.redirect(`${page.path}${url.search}`, 308);
      return pageResponse(join(folders.marketingDist, page.file), { method, accepted, headers: policy });
    }
    const file = await findFile(folders.marketingDist, pathname);
    if (file) return fileResponse(file, pathname, method, accepted);
    // A missing file under assets/ is a plain 404: a stale chunk must fail loudly, not as a page.
    if (pathname.startsWith("/assets/")) return c.text(webMessages.notFound, 404);
    return pageResponse(join(folders.marketingDist, site.notFound), { method, accepted, status: 404, headers: policy });
  };
}
