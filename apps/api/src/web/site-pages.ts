import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

// The site's pages as the marketing build prerendered them (apps/marketing/scripts/prerender.mjs
// writes dist/pages.json, issue 15): which paths are pages, the file of each, which ones search
// engines may index, the page unknown paths show, and the hashes of the styles inlined in them.

const sitePagesSchema = z.object({
  pages: z.array(z.object({ path: z.string().startsWith("/"), file: z.string(), indexable: z.boolean() })),
  notFound: z.string(),
  /** The styles inlined in the pages, as CSP sources ("sha256-…"). */
  styleHashes: z.array(z.string().regex(/^sha256-[A-Za-z0-9+/]+=*$/)).default([]),
});
export type SitePages = z.infer<typeof sitePagesSchema> & { folder: string };
export type SitePage = SitePages["pages"][number];

const cache = new Map<string, { modified: number; pages: SitePages }>();

/** The site's pages, or null when the marketing app was not built. Re-read after a rebuild. */
export function sitePagesOf(marketingDist: string): SitePages | null {
  const manifest = join(marketingDist, "pages.json");
  let modified: number;
  try {
    modified = statSync(manifest).mtimeMs;
  } catch {
    return null;
  }
  const cached = cache.get(manifest);
  if (cached?.modified === modified) return cached.pages;
  const pages = { ...sitePagesSchema.parse(JSON.parse(readFileSync(manifest, "utf8"))), folder: marketingDist };
  cache.set(manifest, { modified, pages });
  return pages;
}

/** The page a path names, ignoring a trailing slash; null when the site has no such page. */
export function pageAt(site: SitePages, pathname: string): SitePage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return site.pages.find((page) => page.path === path) ?? null;
}
