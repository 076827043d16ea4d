import type { Nodes, PhrasingContent, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { pdfMessages } from "./messages";
import type { PdfBlock, PdfRun } from "./pdf-blocks";

// Issue 50 §6: an answer's Markdown as a PDF reads it — headings, bold, italics, lists, quotes,
// tables and code drawn as such, never their marks ('**', '> ', '|'). Parsed by the same family
// of parsers that draws answers on screen (mdast with GFM, as react-markdown and remark-gfm do).

/** How far each level of a list or quote is indented, in mm. */
const INDENT_MM = 6;

type Style = Omit<PdfRun, "text">;

/** Inline Markdown as styled runs (a link reads as its words, an image as its description). */
function runsOf(nodes: readonly PhrasingContent[], style: Style = {}): PdfRun[] {
  return nodes.flatMap((node): PdfRun[] => {
    switch (node.type) {
      case "text":
        return [{ text: node.value.replace(/\s*\n\s*/g, " "), ...style }];
      case "strong":
        return runsOf(node.children, { ...style, bold: true });
      case "emphasis":
        return runsOf(node.children, { ...style, italic: true });
      case "delete":
      case "link":
      case "linkReference":
        return runsOf(node.children, style);
      case "inlineCode":
        return [{ text: node.value, ...style, code: true }];
      case "break":
        return [{ text: "\n", ...style }];
      case "image":
      case "imageReference":
        return node.alt ? [{ text: node.alt, ...style }] : [];
      case "html":
        return [{ text: node.value, ...style }];
      default:
        return [];
    }
  });
}

/** The words of any node, without styles (a heading, a table's cell). */
function plainText(node: Nodes): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  if ("children" in node) return (node.children as Nodes[]).map(plainText).join("");
  return "";
}

function blocksOf(nodes: readonly RootContent[], level: number, quote: boolean): PdfBlock[] {
  const indent = level * INDENT_MM;
  return nodes.flatMap((node): PdfBlock[] => {
    switch (node.type) {
      case "heading":
        return [{ kind: "heading", text: plainText(node).trim() }];
      case "paragraph":
        return [{ kind: "rich", runs: runsOf(node.children), ...(indent ? { indent } : {}), ...(quote ? { quote } : {}) }];
      case "blockquote":
        return blocksOf(node.children, level + 1, true);
      case "list":
        return node.children.flatMap((item, index) => {
          const bullet = node.ordered ? `${(node.start ?? 1) + index}.` : "•";
          const [first, ...rest] = blocksOf(item.children, level + 1, quote);
          // The bullet goes before the item's first words; a checkbox reads as one.
          const box = item.checked === true ? pdfMessages.taskDone : item.checked === false ? pdfMessages.taskOpen : "";
          const head: PdfBlock[] =
            first?.kind === "rich" ? [{ ...first, runs: box ? [{ text: box }, ...first.runs] : first.runs, bullet }] : first ? [first] : [];
          return [...head, ...rest];
        });
      case "code":
        return [{ kind: "code", text: node.value }];
      case "table":
        return [{ kind: "table", rows: node.children.map((row) => row.children.map((cell) => plainText(cell).trim())) }];
      case "thematicBreak":
        return [{ kind: "rule" }];
      case "html":
        return node.value.trim() ? [{ kind: "paragraph", text: node.value }] : [];
      default:
        return [];
    }
  });
}

/** An answer's Markdown as the blocks of a PDF. */
export function markdownPdfBlocks(markdown: string): PdfBlock[] {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  return blocksOf(tree.children, 0, false);
}
