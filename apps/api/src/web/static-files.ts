import { parseAccept } from "hono/utils/accept";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { Readable } from "node:stream";

const contentTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".pdf": "application/pdf",
};

/**
 * Resolves a URL path inside a folder, or null when it would escape it or is not a file.
 * Decoding happens once, before the containment check, so encoded "../" cannot slip through.
 */
export async function findFile(folder: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  // Source maps stay on the build machine (vite.config.ts: sourcemap "hidden"); compressed
  // copies are how a file travels, not files of their own.
  if (decoded.includes("\0") || /\.(map|br|gz)$/.test(decoded)) return null;
  const root = resolve(folder);
  const candidate = resolve(root, `.${decoded.startsWith("/") ? decoded : `/${decoded}`}`);
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  try {
    const info = await stat(candidate);
    return info.isFile() ? candidate : null;
  } catch {
    return null;
  }
}

/** Vite puts content-hashed files under assets/: they never change, so caches may keep them. */
function cacheControlFor(urlPath: string): string {
  return /\/assets\//.test(urlPath) ? "public, max-age=31536000, immutable" : "public, max-age=3600";
}

/**
 * The copies of a file compressed at build (tooling/precompress), by the encoding a browser asks
 * for; a file without them is compressed as it is sent (app.ts), or sent as it is.
 */
const PRECOMPRESSED = { br: ".br", gzip: ".gz" } as const;
type Precompressed = keyof typeof PRECOMPRESSED;

/**
 * The precompressed encodings a browser accepts (its Accept-Encoding), best first: by its
 * q-values, then brotli before gzip (smaller), whatever order the header lists them in.
 */
export function acceptedEncodings(acceptEncoding: string | undefined): Precompressed[] {
  const offered = parseAccept(acceptEncoding ?? "");
  const quality = (encoding: string) =>
    offered.find((offer) => offer.type.toLowerCase() === encoding)?.q ?? offered.find((offer) => offer.type === "*")?.q ?? 0;
  return (Object.keys(PRECOMPRESSED) as Precompressed[])
    .filter((encoding) => quality(encoding) > 0)
    .sort((a, b) => quality(b) - quality(a));
}

/**
 * What is sent for a file: its best precompressed copy the browser accepts, or the file itself.
 * Either way the choice depended on Accept-Encoding, which a shared cache must know (Vary).
 */
async function representation(
  filePath: string,
  accepted: readonly Precompressed[],
): Promise<{ path: string; size: number; headers: Record<string, string> }> {
  for (const encoding of accepted) {
    const copy = `${filePath}${PRECOMPRESSED[encoding]}`;
    const info = await stat(copy).catch(() => null);
    if (info?.isFile()) return { path: copy, size: info.size, headers: { "Content-Encoding": encoding, Vary: "Accept-Encoding" } };
  }
  const info = await stat(filePath);
  return { path: filePath, size: info.size, headers: { Vary: "Accept-Encoding" } };
}

export async function fileResponse(
  filePath: string,
  urlPath: string,
  method: string,
  accepted: readonly Precompressed[] = [],
): Promise<Response> {
  const sent = await representation(filePath, accepted);
  const headers = new Headers({
    "Content-Type": contentTypes[extname(filePath).toLowerCase()] ?? "application/octet-stream",
    "Content-Length": String(sent.size),
    "Cache-Control": cacheControlFor(urlPath),
    ...sent.headers,
  });
  if (method === "HEAD") return new Response(null, { headers });
  const body = Readable.toWeb(createReadStream(sent.path)) as ReadableStream<Uint8Array>;
  return new Response(body, { headers });
}

/** An app's index.html: always revalidated, so a deploy is picked up on the next visit. */
export async function pageResponse(
  indexPath: string,
  {
    method,
    accepted = [],
    status = 200,
    headers: extraHeaders = {},
  }: { method: string; accepted?: readonly Precompressed[]; status?: number; headers?: Record<string, string> },
): Promise<Response> {
  const sent = await representation(indexPath, accepted);
  const headers = { "Content-Type": contentTypes[".html"] ?? "text/html", "Cache-Control": "no-cache", ...extraHeaders, ...sent.headers };
  return new Response(method === "HEAD" ? null : await readFile(sent.path), { status, headers });
}
