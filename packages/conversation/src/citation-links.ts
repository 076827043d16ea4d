import { citationPattern } from "@oystar/api-client";
import { conversationMessages } from "./messages";

// Numbered citations in an answer (`[1]`, `[2, 3]`) as links to the sources a screen lists beside
// it (spec 001 §2: the RAG answer's sources). A Markdown syntax-tree step, so code and links
// written by the model are left alone and nothing is parsed twice.

export type CitationLinks = {
  /** The in-page address (`#…`) a citation number leads to, or null when it names no listed source. */
  href: (citation: number) => string | null;
};

/** The marker the Markdown view recognises: only this step puts it on a link. */
export const CITATION_CLASS = "chat-citation";

/** The few Markdown syntax-tree fields this step reads and writes. */
type MarkdownNode = { type: string; value?: string; url?: string; children?: MarkdownNode[]; data?: Record<string, unknown> };

const text = (value: string): MarkdownNode => ({ type: "text", value });

function citationLink(label: string, citation: number, url: string): MarkdownNode {
  return {
    type: "link",
    url,
    children: [text(label)],
    data: { hProperties: { className: [CITATION_CLASS], ariaLabel: conversationMessages.citation(citation) } },
  };
}

/** One text node cut into text and citation links; a group naming no listed source stays text. */
function splitCitations(value: string, links: CitationLinks): MarkdownNode[] {
  const nodes: MarkdownNode[] = [];
  let last = 0;
  for (const match of value.matchAll(citationPattern())) {
    const numbers = (match[1] ?? "").split(/([,;]\s*)/);
    const resolved = numbers.map((part, index) => (index % 2 === 0 ? links.href(Number(part.trim())) : null));
    if (resolved.every((href) => href === null)) continue;
    if (match.index > last) nodes.push(text(value.slice(last, match.index)));
    const [only] = numbers;
    if (numbers.length === 1 && only !== undefined && resolved[0]) {
      nodes.push(citationLink(match[0], Number(only), resolved[0]));
    } else {
      nodes.push(text("["));
      numbers.forEach((part, index) => {
        const href = resolved[index];
        nodes.push(href ? citationLink(part, Number(part.trim()), href) : text(part));
      });
      nodes.push(text("]"));
    }
    last = match.index + match[0].length;
  }
  if (last === 0) return [text(value)];
  if (last < value.length) nodes.push(text(value.slice(last)));
  return nodes;
}

function linkCitations(node: MarkdownNode, links: CitationLinks): void {
  // What the model wrote as a link stays its link.
  if (!node.children || node.type === "link" || node.type === "linkReference") return;
  node.children = node.children.flatMap((child) => {
    if (child.type === "text" && child.value) return splitCitations(child.value, links);
    linkCitations(child, links);
    return [child];
  });
}

/** A remark plugin: `[n]` in the text becomes a link wherever `links.href(n)` names a source. */
export function remarkCitations(links: CitationLinks) {
  return (tree: MarkdownNode) => linkCitations(tree, links);
}
