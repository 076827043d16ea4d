import { bringIntoView } from "@oystar/ui-kit";
import type { AnchorHTMLAttributes, ImgHTMLAttributes, MouseEvent } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CITATION_CLASS, remarkCitations, type CitationLinks } from "../citation-links";
import { conversationMessages } from "../messages";
import { safeLinkUrl } from "../safe-links";

/**
 * An answer as Markdown, safely (heavy: loaded lazily by AnswerMarkdown).
 * - Raw HTML is never markup: react-markdown turns it into visible text.
 * - Links keep only absolute http(s)/mailto addresses and open in a new tab without the opener;
 *   any other link is shown as its text.
 * - Citation numbers (`[n]`) link to the sources listed beside the answer, when the screen
 *   gives them (`citations`): in-page links made by this view alone, never by the model's text.
 * - Images are never loaded — an image URL is a way for a planted prompt to send data out — the
 *   alt text and the address are shown instead.
 */
const components: Components = {
  a: SafeLink,
  img: BlockedImage,
};

function SafeLink({ href, children, className, "aria-label": label }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  // Markdown cannot give a link a class: only the citation step does, with an in-page address.
  if (className === CITATION_CLASS && href?.startsWith("#")) {
    return (
      <a href={href} className={CITATION_CLASS} aria-label={label} onClick={jumpToSource}>
        {children}
      </a>
    );
  }
  const url = safeLinkUrl(href);
  if (!url) return <span className="chat-link--blocked">{children}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function BlockedImage({ alt }: ImgHTMLAttributes<HTMLImageElement>) {
  return (
    <span className="chat-image--blocked">
      [{alt ? `${alt}: ` : ""}
      {conversationMessages.imageNotLoaded}]
    </span>
  );
}

/** A citation scrolls to its source and gives it the focus, without touching the address bar. */
function jumpToSource(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(decodeURIComponent(event.currentTarget.hash.slice(1)));
  if (!target) return;
  event.preventDefault();
  bringIntoView(target, "nearest");
  target.focus({ preventScroll: true });
}

/** Every URL is judged by the components above; the default transform would rewrite some. */
const keepUrl = (url: string) => url;

export default function MarkdownView({ text, citations }: { text: string; citations?: CitationLinks }) {
  return (
    <Markdown
      remarkPlugins={citations ? [remarkGfm, [remarkCitations, citations]] : [remarkGfm]}
      components={components}
      urlTransform={keepUrl}
    >
      {text}
    </Markdown>
  );
}
