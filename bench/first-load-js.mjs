// Gzipped JavaScript each app ships on first load: the entry script of its index.html plus
// the chunks it preloads. Run after `pnpm build`. Ends with one JSON line of the figures.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const apps = [
  { name: "marketing", base: "/" },
  { name: "assistant", base: "/assistant/" },
];

function firstLoadScripts(html) {
  const sources = new Set();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) sources.add(match[1]);
  return [...sources];
}

const figures = {};
for (const app of apps) {
  const dist = `${root}apps/${app.name}/dist/`;
  if (!existsSync(`${dist}index.html`)) {
    console.error(`apps/${app.name}/dist/index.html manca: esegui prima \`pnpm build\`.`);
    process.exit(1);
  }
  const html = readFileSync(`${dist}index.html`, "utf8");
  let raw = 0;
  let gzipped = 0;
  for (const src of firstLoadScripts(html)) {
    const file = readFileSync(dist + src.slice(app.base.length));
    raw += file.length;
    gzipped += gzipSync(file, { level: 9 }).length;
  }
  figures[app.name] = { raw_bytes: raw, gzip_bytes: gzipped };
  console.info(`${app.name}: ${(gzipped / 1024).toFixed(1)} KiB gzip (${(raw / 1024).toFixed(1)} KiB raw) on first load`);
}
console.info(JSON.stringify({ bench: "first-load-js", ...figures }));
