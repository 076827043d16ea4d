import { lazy, memo, Suspense } from "react";
import type { CitationLinks } from "../citation-links";

// The Markdown parser is the heaviest part of the chat: it loads after the screen is up.
const importMarkdownView = () => import("./markdown-view");
let markdownView: ReturnType<typeof importMarkdownView> | undefined;
const loadMarkdownView = () => (markdownView ??= importMarkdownView());
const MarkdownView = lazy(loadMarkdownView);

/**
 * Starts loading the Markdown renderer without waiting for the first answer: a screen that will
 * show answers calls it once it is up, so the first answer is not redrawn (and its buttons do not
 * move under the pointer) when the renderer arrives late.
 */
export function preloadAnswerRenderer(): void {
  // A failed load is retried by the first answer that needs the renderer.
  loadMarkdownView().catch(() => {
    markdownView = undefined;
  });
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
