import { parse as parseHtml } from "node-html-parser";
import robotsParser from "robots-parser";

// Issue 48 §4: what a website's reader knows of a site — which addresses belong to it (its origin
// and the path under the address given), what robots.txt lets it read, the addresses a sitemap
// lists and a page links to. Pure functions over text: the fetching is site-reading.ts's.

/** How the reader names itself to robots.txt (and in its requests: guarded-fetch.ts). */
export const READER_AGENT = "OYSTAR-Indexer";

/** A page's links are looked for in its first 2 MB: a hostile page cannot make the server parse more. */
const LINKS_IN_FIRST_BYTES = 2 * 1024 * 1024;

export type SiteScope = { origin: string; prefix: string };

/** The site an address names: its origin, and the folder of its path («/studio/» for /studio/chi-siamo.html). */
export function siteScope(address: string): SiteScope {
  const url = new URL(address);
  const prefix = url.pathname.endsWith("/") ? url.pathname : url.pathname.slice(0, url.pathname.lastIndexOf("/") + 1);
  return { origin: url.origin, prefix: prefix || "/" };
}

/** The address as the reader keeps it (no fragment), when it is within the site; null otherwise. */
export function inSite(scope: SiteScope, address: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.prefix)) return null;
  return url.toString();
}

/** robots.txt's rule for the reader: every address allowed when the site has none (or it could not be read). */
export function robotsRule(origin: string, text: string | null): (address: string) => boolean {
  if (text === null) return () => true;
  const robots = robotsParser(`${origin}/robots.txt`, text);
  return (address) => robots.isAllowed(address, READER_AGENT) !== false;
}

/** The sitemaps robots.txt names. */
export function robotsSitemaps(origin: string, text: string | null): string[] {
  return text === null ? [] : robotsParser(`${origin}/robots.txt`, text).getSitemaps();
}

/** A sitemap's addresses: its pages (`urlset`) and, for a sitemap index, its further sitemaps. */
export function sitemapEntries(xml: string): { pages: string[]; sitemaps: string[] } {
  const root = parseHtml(xml.slice(0, LINKS_IN_FIRST_BYTES));
  const locs = (selector: string) => root.querySelectorAll(selector).map((element) => element.text.trim());
  return { pages: locs("url > loc"), sitemaps: locs("sitemap > loc") };
}

/** The addresses a page links to (`<a href>`), as written, from its first 2 MB. */
export function pageLinks(html: string): string[] {
  const root = parseHtml(html.slice(0, LINKS_IN_FIRST_BYTES));
  return root
    .querySelectorAll("a[href]")
    .map((element) => element.getAttribute("href") ?? "")
    .filter(Boolean);
}

/** Whether a fetched page is a web page (its links are followed). */
export const isHtml = (contentType: string | null) => /^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType ?? "");
