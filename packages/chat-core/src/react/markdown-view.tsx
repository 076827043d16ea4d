import type { AnchorHTMLAttributes, ImgHTMLAttributes } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { chatMessages } from "../messages";
import { safeLinkUrl } from "../safe-links";

/**
 * An answer as Markdown, safely (heavy: loaded lazily by AnswerMarkdown).
 * - Raw HTML is never markup: react-markdown turns it into visible text.
 * - Links keep only absolute http(s)/mailto addresses and open in a new tab without the opener;
 *   any other link is shown as its text.
 * - Images are never loaded — an image URL is a way for a planted prompt to send data out — the
 *   alt text and the address are shown instead.
 */
const components: Components = {
  a: SafeLink,
  img: BlockedImage,
};

function SafeLink({ href, children }: AnchorHTMLAttributes<HTMLAnchorElement>) {
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
      {chatMessages.imageNotLoaded}]
    </span>
  );
}

/** Every URL is judged by the components above; the default transform would rewrite some. */
const keepUrl = (url: string) => url;

export default function MarkdownView({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={components} urlTransform={keepUrl}>
      {text}
    </Markdown>
  );
}
