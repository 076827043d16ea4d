import { createHash } from "node:crypto";
import { themeBootScript } from "@oystar/ui-kit";
import type { MiddlewareHandler } from "hono";

/**
 * Issue 36 §7: the one inline script our pages carry, the theme's boot script in each app's <head>
 * (it must run before the first paint, so it cannot wait for a file). Allowed by its hash alone.
 */
export const themeBootScriptSource = `'sha256-${createHash("sha256").update(themeBootScript).digest("base64")}'`;

/**
 * Content-Security-Policy for everything we serve. Scripts only from our origin (no eval, no
 * inline script but the theme's, by its hash); a page that must run one inline script (the
 * identity provider's silent sign-in answer) passes a per-response nonce.
 */
export function contentSecurityPolicy(
  options: { nonce?: string; dev?: boolean; frameAncestors?: string; styleHashes?: readonly string[] } = {},
): string {
  const scriptSrc = ["'self'", themeBootScriptSource];
  // Inline styles only by their hash: the site's pages carry their stylesheet inline.
  const styleSrc = ["'self'", ...(options.styleHashes ?? []).map((hash) => `'${hash}'`)];
  const connectSrc = ["'self'"];
  if (options.nonce) scriptSrc.push(`'nonce-${options.nonce}'`);
  if (options.dev) {
    // Development only: Vite injects the React refresh preamble inline and talks to its
    // HMR websocket; production builds need neither.
    scriptSrc.push("'unsafe-inline'");
    styleSrc.push("'unsafe-inline'");
    connectSrc.push("ws://localhost:*", "ws://127.0.0.1:*");
  }
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    `style-src ${styleSrc.join(" ")}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectSrc.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors ?? "'none'"}`,
  ].join("; ");
}

export function securityHeaders(options: { production: boolean; dev?: boolean }): MiddlewareHandler {
  const csp = contentSecurityPolicy({ dev: options.dev ?? false });
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    // A route that set its own policy (with a nonce) keeps it.
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", csp);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.production) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
