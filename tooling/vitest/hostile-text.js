// Issue 28 §5: the security team's XSS payloads (../shared/security/xss-payloads.txt, kept in the
// repository as packages/conversation/test/xss-payloads.txt) and what a rendered screen must never
// hold after showing them — for every package whose screens show a model's or a customer's text.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// A path, not a URL: in a DOM environment the global URL is the DOM's, which readFileSync refuses.
const PAYLOAD_FILE = join(dirname(fileURLToPath(import.meta.url)), "../../packages/conversation/test/xss-payloads.txt");

/** One payload per line; `\n` inside a payload is written as \n. */
export const xssPayloads = readFileSync(PAYLOAD_FILE, "utf8")
  .split("\n")
  .filter((line) => line.trim() && !line.startsWith("#"))
  .map((line) => line.replaceAll("\\n", "\n"));

/** Elements that run, load, embed or submit something: no payload may make one. */
const FORBIDDEN_TAGS = new Set(
  [
    "script",
    "iframe",
    "frame",
    "object",
    "embed",
    "img",
    "image",
    "svg",
    "math",
    "video",
    "audio",
    "picture",
    "source",
    "link",
    "meta",
    "base",
    "style",
    "template",
    "form",
    "button",
    "textarea",
    "select",
    "noscript",
  ].map((tag) => tag.toUpperCase()),
);
/** Attributes a browser follows or loads. */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "srcset",
  "srcdoc",
  "action",
  "formaction",
  "xlink:href",
  "poster",
  "data",
  "background",
  "style",
  "ping",
]);
/** What such an attribute may hold: a web page, an email, or a place on this page. */
const SAFE_ADDRESS = /^(https?:\/\/|mailto:|#)/i;

/**
 * What in `root` a payload could have made: an element that runs or loads, an active input, an
 * `on*` handler, or an address that is not http(s), mailto or this page's. Empty when inert.
 * `allowed` names tags the screen itself draws there (e.g. its own buttons).
 * @param {Element} root
 * @param {{ allowed?: string[] }} [options]
 * @returns {string[]}
 */
export function unsafeMarkup(root, { allowed = [] } = {}) {
  const mine = new Set(allowed.map((tag) => tag.toUpperCase()));
  const problems = [];
  for (const element of root.querySelectorAll("*")) {
    if (FORBIDDEN_TAGS.has(element.tagName.toUpperCase()) && !mine.has(element.tagName.toUpperCase()))
      problems.push(`<${element.tagName.toLowerCase()}>`);
    // GFM's task boxes are the only inputs Markdown makes, and they are disabled.
    if (element.tagName === "INPUT" && !(element.getAttribute("type") === "checkbox" && element.hasAttribute("disabled")))
      problems.push("an active input");
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on")) problems.push(`${name}=`);
      if (URL_ATTRIBUTES.has(name) && !SAFE_ADDRESS.test(attribute.value.trim())) problems.push(`${name}="${attribute.value}"`);
    }
  }
  return problems;
}

/**
 * Every way the stream can cut a payload in two: [before, after] at each position (whole code
 * points), from nothing-then-all to all-then-nothing.
 * @param {string} payload
 * @returns {Array<[string, string]>}
 */
export function cutsOf(payload) {
  const characters = [...payload];
  return characters.map((_, at) => [characters.slice(0, at).join(""), characters.slice(at).join("")]).concat([[payload, ""]]);
}

/**
 * A model's answer as an OpenAI-compatible stream brings it off the wire (the gateway's and the
 * debate's calls): `pieces` as one delta each, the bytes delivered in two network chunks cut at
 * `cutShare` (0–1) of their length, so a chunk ends in the middle of a line.
 * @param {string[]} pieces
 * @param {number} cutShare
 * @returns {Response}
 */
export function modelStreamResponse(pieces, cutShare) {
  const events = pieces
    .filter(Boolean)
    .map((content) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`)
    .join("");
  const bytes = new TextEncoder().encode(`${events}data: [DONE]\n\n`);
  const at = Math.max(1, Math.floor(bytes.length * cutShare));
  const body = new ReadableStream({
    start(controller) {
      for (const chunk of [bytes.subarray(0, at), bytes.subarray(at)]) if (chunk.length > 0) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
}
