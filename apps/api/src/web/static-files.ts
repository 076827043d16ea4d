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
  // Source maps stay on the build machine (vite.config.ts: sourcemap "hidden").
  if (decoded.includes("\0") || decoded.endsWith(".map")) return null;
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

export async function fileResponse(filePath: string, urlPath: string, method: string): Promise<Response> {
  const info = await stat(filePath);
  const headers = new Headers({
    "Content-Type": contentTypes[extname(filePath).toLowerCase()] ?? "application/octet-stream",
    "Content-Length": String(info.size),
    "Cache-Control": cacheControlFor(urlPath),
  });
  if (method === "HEAD") return new Response(null, { headers });
  const body = Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>;
  return new Response(body, { headers });
}

/** An app's index.html: always revalidated, so a deploy is picked up on the next visit. */
export async function pageResponse(indexPath: string, method: string, status = 200, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const html = await readFile(indexPath);
  const headers = { "Content-Type": contentTypes[".html"] ?? "text/html", "Cache-Control": "no-cache", ...extraHeaders };
  return new Response(method === "HEAD" ? null : html, { status, headers });
}
