import { markdownBlocks } from "@oystar/chat-core";
import { AnswerMarkdown } from "@oystar/chat-core/react";

/**
 * A model's words as the chat shows an answer: safe Markdown (chat-core's renderer), block by
 * block so a streaming reply parses only its growing last block, with the blinking cursor while
 * it streams.
 */
export function SpeechText({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <div className="debate-turn__text">
      {markdownBlocks(text).map((block, index) => (
        <AnswerMarkdown key={index} text={block} />
      ))}
      {streaming ? <span className="chat-cursor" aria-hidden="true" /> : null}
    </div>
  );
}
