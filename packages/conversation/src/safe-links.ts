/**
 * Answers come from a model that may repeat what a document or a user planted in it. A link in an
 * answer may only lead to a web page or an email: http, https or mailto, written as an absolute
 * address. Everything else (javascript:, data:, vbscript:, relative paths) is shown as text.
 */
const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

export function safeLinkUrl(href: string | null | undefined): string | null {
  if (!href) return null;
  let url: URL;
  try {
    // The URL parser drops the tabs, newlines and spaces that disguise a scheme.
    url = new URL(href);
  } catch {
    return null;
  }
  return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** A source's address as a link (spec 001 §5): only an http(s) URL is one — not even mailto. */
export function sourceLink(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url.trim())) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}
