// Build step (issue 15): every page of the site rendered to HTML, so its content is in the first
// response and is drawn before any JavaScript runs. Runs after the client build (dist/) and the
// server-side build of src/prerender/render-page.tsx (dist-prerender/). Writes:
//   dist/index.html, dist/<page>/index.html  each page, hydrated in the browser by main.tsx
//   dist/404.html                            what unknown addresses show, with status 404
//   dist/pages.json                          the pages, for the server (routing, sitemap.xml,
//                                            the hashes of the styles inlined in them)
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const app = fileURLToPath(new URL("..", import.meta.url));
const dist = join(app, "dist");
const { renderPage, PAGES, NOT_FOUND_PAGE } = await import(pathToFileURL(join(app, "dist-prerender/render-page.js")).href);

const viteTemplate = readFileSync(join(dist, "index.html"), "utf8");
const emptyRoot = '<div id="root"></div>';
if (!viteTemplate.includes(emptyRoot)) throw new Error("dist/index.html non è il modello di Vite: esegui prima `vite build`.");

// The site's stylesheet (a few KB compressed) goes inside each page: nothing blocks the first
// paint but the page itself. The server allows exactly these styles by their hash (CSP).
const styleHashes = [];
const template = viteTemplate.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_link, href) => {
  const css = readFileSync(join(dist, href), "utf8");
  if (css.includes("</style")) throw new Error(`${href}: un foglio di stile non può contenere </style`);
  styleHashes.push(`sha256-${createHash("sha256").update(css).digest("base64")}`);
  return `<style>${css}</style>`;
});

// React writes what belongs in <head> first (the page's <title>, <meta> tags, preloads): it goes
// there, instead of the template's title.
const HEAD_TAGS = /^((?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*)/;

async function writePage(page, file) {
  const html = await renderPage(page.path);
  // The CSP allows the inlined stylesheet alone: a style attribute in this HTML would be dropped
  // by the browser (and React would not put it back). Style with classes instead.
  if (/<[^>]+ style="/.test(html)) throw new Error(`${page.path}: attributo style nell'HTML prerenderizzato (la CSP lo bloccherebbe)`);
  const head = html.match(HEAD_TAGS)[1];
  if (!head.includes("<title>")) throw new Error(`${page.path}: la pagina non ha un <title>`);
  const document = template.replace(/<title>[^<]*<\/title>/, head).replace(emptyRoot, `<div id="root">${html.slice(head.length)}</div>`);
  const target = join(dist, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, document);
  return { path: page.path, file, indexable: page.indexable };
}

const pages = [];
for (const page of PAGES) pages.push(await writePage(page, page.path === "/" ? "index.html" : `${page.path.slice(1)}/index.html`));
const notFound = await writePage(NOT_FOUND_PAGE, "404.html");
writeFileSync(join(dist, "pages.json"), `${JSON.stringify({ pages, notFound: notFound.file, styleHashes }, null, 2)}\n`);
console.info(`Prerenderizzate ${pages.length} pagine e la 404 in dist/.`);
