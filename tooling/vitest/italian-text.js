// Issue 14 §3: a rendered Italian page must not slip into English. A short list of English words
// that never occur in Italian text catches the usual slips ('3 custom indexes', 'indexing takes
// 24-48h'); what the spec itself keeps in English is taken out first.

/** English words with no Italian homograph. */
export const ENGLISH_WORDS = [
  "the",
  "and",
  "with",
  "your",
  "you",
  "this",
  "that",
  "these",
  "from",
  "only",
  "here",
  "will",
  "would",
  "are",
  "is",
  "not",
  "of",
  "to",
  "be",
  "by",
  "on",
  "for",
  "please",
  "takes",
  "custom",
  "indexes",
  "indexing",
  "unlimited",
  "month",
  "monthly",
  "loading",
  "failed",
  "error",
  "submit",
  "request",
  "support",
  "click",
  "sign",
  "save",
  "cancel",
  "send",
  "settings",
  "new",
  "back",
  "next",
  "retry",
  "close",
  "show",
  "hide",
  "choose",
  "plan",
  "plans",
  "price",
  "prices",
  "contact",
  "required",
];

/** English the spec asks for word for word (spec 000 §2, §8; spec 001 §1, §2, §5, §8). */
export const SPEC_ENGLISH = [
  "AI built for privacy",
  "Privacy Policy",
  "Terms of Service",
  "Cookie Policy",
  "Login failed",
  "Get access token failed",
  "Invalid state",
  "Popup closed",
  "Unexpected Application Error!",
  "Loading chunk failed",
  "LLM HTTP error! status",
  "HTTP error! status",
  "No response body",
  "Response body reader not available",
  "Stream error occurred",
  "Unknown error",
  "only the admin can modify global settings",
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const words = new RegExp(`(?<![\\p{L}\\d_./@-])(${ENGLISH_WORDS.join("|")})(?![\\p{L}\\d_/@-])`, "giu");

/** The English words found in `text`, each with a little of what surrounds it. */
export function englishFragments(text) {
  let cleaned = text;
  for (const phrase of SPEC_ENGLISH) cleaned = cleaned.replace(new RegExp(escape(phrase), "gi"), " ");
  return [...cleaned.matchAll(words)].map((match) =>
    cleaned.slice(Math.max(0, match.index - 20), match.index + match[0].length + 20).trim(),
  );
}

/**
 * Issue 27 §4: the English terms of the trade a settings form may name, but only in parentheses
 * after an Italian label ('Riordino dei passaggi (reranker)'), where a professional looks for them.
 */
export const TECHNICAL_TERMS = [
  "top-k",
  "retrieval",
  "fused",
  "multi-query",
  "query",
  "reranker",
  "reranking",
  "provider",
  "embedding",
  "prompt",
  "cache",
  "hyde",
  "llm",
  "ttl",
];

const technical = new RegExp(`(?<![\\p{L}\\d_])(${TECHNICAL_TERMS.map(escape).join("|")})(?![\\p{L}\\d_])`, "giu");

/** The technical terms found in `text` outside parentheses, each with a little of what surrounds it. */
export function bareTechnicalTerms(text) {
  const outside = text.replace(/\([^()]*\)/g, " ");
  return [...outside.matchAll(technical)].map((match) =>
    outside.slice(Math.max(0, match.index - 20), match.index + match[0].length + 20).trim(),
  );
}

/** What a person reads or hears on a page: its text, and the labels, titles and hints of its elements. */
export function readableText(root) {
  // Text node by text node: neighbouring elements' words must not run together.
  const parts = [];
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.nodeValue ?? "");
  for (const element of root.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    for (const attribute of ["aria-label", "title", "placeholder", "alt"]) {
      const value = element.getAttribute(attribute);
      if (value) parts.push(value);
    }
  }
  if (root.ownerDocument?.title) parts.push(root.ownerDocument.title);
  return parts.join("\n");
}
