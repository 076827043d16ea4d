// Gzipped JavaScript each app ships on first load: the entry script of its index.html plus
// the chunks it preloads (the budgets' measure), and what a browser that takes brotli is sent:
// the copies compressed at build (tooling/precompress). Run after `pnpm build`. Ends with one
// JSON line of the figures.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { productRoot } from "./support/product.mjs";

// The marketing figure is the landing's: its own prerendered page when the build has one (issue
// 15), else the single-page app's index.html that served every page before.
const apps = [
  { name: "marketing", base: "/", pages: ["oystar/index.html", "index.html"] },
  { name: "assistant", base: "/assistant/", pages: ["index.html"] },
];

function firstLoadScripts(html) {
  const sources = new Set();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) sources.add(match[1]);
  return [...sources];
}

const figures = {};
for (const app of apps) {
  const dist = join(productRoot, `apps/${app.name}/dist/`);
  const page = app.pages.find((candidate) => existsSync(join(dist, candidate)));
  if (!page) {
    console.error(`apps/${app.name}/dist/index.html manca: esegui prima \`pnpm build\`.`);
    process.exit(1);
  }
  const html = readFileSync(join(dist, page), "utf8");
  let raw = 0;
  let gzipped = 0;
  let sent = 0;
  for (const src of firstLoadScripts(html)) {
    const path = join(dist, src.slice(app.base.length));
    const file = readFileSync(path);
    const gzip = gzipSync(file, { level: 9 }).length;
    raw += file.length;
    gzipped += gzip;
    // Without a brotli copy (a file under 1 KiB, or a build from before them) the server sends
    // a file of 1 KiB or more gzipped as it goes, a smaller one as it is.
    sent += existsSync(`${path}.br`) ? readFileSync(`${path}.br`).length : file.length >= 1024 ? gzip : file.length;
  }
  figures[app.name] = { raw_bytes: raw, gzip_bytes: gzipped, brotli_sent_bytes: sent };
  console.info(
    `${app.name}: ${(gzipped / 1024).toFixed(1)} KiB gzip (${(raw / 1024).toFixed(1)} KiB raw) on first load; sent to a browser that takes brotli: ${(sent / 1024).toFixed(1)} KiB`,
  );
}
console.info(JSON.stringify({ bench: "first-load-js", ...figures }));
