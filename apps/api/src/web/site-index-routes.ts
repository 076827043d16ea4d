import { Hono } from "hono";
import type { Access } from "../auth/access";
import { webMessages } from "./messages";
import { sitePagesOf, type SitePages } from "./site-pages";

// What search engines read about the site (issue 15): robots.txt and sitemap.xml, both naming
// the one public origin (never a request's Host) and the pages the marketing build prerendered.

/** Signed-in screens and the API are not for crawlers; the site's pages and assets are. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /groq/",
    "Disallow: /idp/",
    "Disallow: /chat",
    "Disallow: /debate",
    "Disallow: /rag",
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The indexable pages (sign-in, payment and signed-in forms ask not to be indexed). */
export function sitemapXml(origin: string, site: SitePages): string {
  const urls = site.pages.filter((page) => page.indexable).map((page) => `  <url><loc>${escapeXml(`${origin}${page.path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

const cached = { "Cache-Control": "public, max-age=3600" };

export function siteIndexRoutes(access: Access, options: { origin: string; marketingDist: string }) {
  return new Hono()
    .get("/robots.txt", access.public, (c) => c.text(robotsTxt(options.origin), 200, cached))
    .get("/sitemap.xml", access.public, (c) => {
      const site = sitePagesOf(options.marketingDist);
      if (!site) return c.text(webMessages.notBuilt("marketing"), 503);
      return c.body(sitemapXml(options.origin, site), 200, { ...cached, "Content-Type": "application/xml; charset=utf-8" });
    });
}
