import { retryOnce } from "@oystar/ui-kit";
import { lazy, memo, Suspense } from "react";
import type { CitationLinks } from "../citation-links";

// The Markdown parser is the heaviest part of the chat: it loads after the screen is up. The
// preload and the first answer share one download; a failed one is forgotten, so the next try
// downloads again.
const importMarkdownView = () => import("./markdown-view");
let markdownView: ReturnType<typeof importMarkdownView> | undefined;
const loadMarkdownView = () =>
  (markdownView ??= importMarkdownView().catch((error: unknown) => {
    markdownView = undefined;
    throw error;
  }));
// Issue 14 §7: like the app's routes, a failed download is tried once more, then the error screen
// offers a reload ('Loading chunk failed').
const MarkdownView = lazy(retryOnce(loadMarkdownView));

/**
 * Starts loading the Markdown renderer without waiting for the first answer: a screen that will
 * show answers calls it once it is up, so the first answer is not redrawn (and its buttons do not
 * move under the pointer) when the renderer arrives late.
 */
export function preloadAnswerRenderer(): void {
  // A failed load is tried again by the first answer that needs the renderer.
  loadMarkdownView().catch(() => {});
}

/** A finished or streaming answer as Markdown; plain text until the renderer has loaded. */
export const AnswerMarkdown = memo(function AnswerMarkdown({ text, citations }: { text: string; citations?: CitationLinks }) {
  return (
    <div className="chat-markdown">
      <Suspense fallback={<p className="chat-message__text">{text}</p>}>
        <MarkdownView text={text} citations={citations} />
      </Suspense>
    </div>
  );
});
