import { lazy, memo, Suspense } from "react";

// The Markdown parser is the heaviest part of the chat: it loads after the screen is up.
const MarkdownView = lazy(() => import("./markdown-view"));

/** A finished or streaming answer as Markdown; plain text until the renderer has loaded. */
export const AnswerMarkdown = memo(function AnswerMarkdown({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <Suspense fallback={<p className="chat-message__text">{text}</p>}>
        <MarkdownView text={text} />
      </Suspense>
    </div>
  );
});
