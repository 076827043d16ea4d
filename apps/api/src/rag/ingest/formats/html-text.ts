import { parse as parseHtml, type HTMLElement } from "node-html-parser";

const SKIPPED_ELEMENTS = "script, style, noscript, template, svg, nav, header, footer, aside, form, iframe";

/** A web page's title and readable text (navigation, scripts and styles left out). */
export function htmlText(html: string): { title: string; text: string } {
  const root = parseHtml(html, { blockTextElements: { pre: true } });
  const title = root.querySelector("title")?.text.replace(/\s+/g, " ").trim() ?? "";
  const main: HTMLElement = root.querySelector("main") ?? root.querySelector("article") ?? root.querySelector("body") ?? root;
  for (const element of main.querySelectorAll(SKIPPED_ELEMENTS)) element.remove();
  const text = main.structuredText
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
  return { title, text };
}
