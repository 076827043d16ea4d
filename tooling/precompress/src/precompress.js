// Build step (issue 15): each text file of a built app is compressed once, at build, next to
// itself (`x.js.br`, `x.js.gz`), so the server sends those bytes as they are. Compressing on every
// request cost the server's CPU on each page and script, and delayed them; brotli at its highest
// level, too slow to run per request, also sends phones ~13 % fewer bytes than gzip.
// A Vite plugin would run before the marketing site's pages are prerendered into dist/, so this
// runs last, on the finished folder.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** What compresses well; images other than SVG and fonts are compressed already. */
export const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".xml", ".wasm"]);

/** Below this, a compressed copy saves less than a packet's worth. */
export const MIN_BYTES = 1024;

/** The encodings written, as the server names them, with the file suffix each takes. */
export const ENCODINGS = /** @type {const} */ ([
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
]);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** @param {Buffer} content @param {"br" | "gzip"} encoding */
function compress(content, encoding) {
  if (encoding === "br") {
    return brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gzipped(content, { level: constants.Z_BEST_COMPRESSION });
}

/** @param {string} folder @returns {AsyncGenerator<string>} */
async function* filesUnder(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes the compressed copies of every compressible file under `folder`, and removes copies
 * left from an earlier build (a copy must never outlive, or differ from, its file). A copy is
 * only kept when it is smaller than the file.
 * @param {string} folder
 * @returns {Promise<{ files: number; bytes: number; brotliBytes: number }>}
 */
export async function precompressFolder(folder) {
  const originals = [];
  for await (const path of filesUnder(folder)) {
    if (ENCODINGS.some(({ suffix }) => path.endsWith(suffix))) await rm(path);
    else originals.push(path);
  }
  const summary = { files: 0, bytes: 0, brotliBytes: 0 };
  await Promise.all(
    originals.map(async (path) => {
      if (!COMPRESSIBLE.has(extname(path).toLowerCase())) return;
      const content = await readFile(path);
      if (content.length < MIN_BYTES) return;
      summary.files += 1;
      summary.bytes += content.length;
      for (const { encoding, suffix } of ENCODINGS) {
        const compressed = await compress(content, encoding);
        const smaller = compressed.length < content.length;
        if (smaller) await writeFile(`${path}${suffix}`, compressed);
        if (encoding === "br") summary.brotliBytes += smaller ? compressed.length : content.length;
      }
    }),
  );
  return summary;
}
