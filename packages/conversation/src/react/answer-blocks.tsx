import type { CitationLinks } from "../citation-links";
import { markdownBlocks } from "../markdown-blocks";
import { conversationMessages } from "../messages";
import { AnswerMarkdown } from "./answer-markdown";

export type AnswerBlocksProps = {
  /** The model's words, as Markdown. */
  text: string;
  /** Still arriving: the blinking cursor follows the text. */
  streaming?: boolean;
  /** spec 001 §4: a complete chat answer's time to its first character, shown under it. */
  firstCharacterMs?: number;
  /** Citation numbers (`[n]`) as links to the sources the screen lists (keep it stable: blocks are memoised on it). */
  citations?: CitationLinks;
};

/**
 * A model's answer as safe Markdown, block by block: each block is parsed once and kept, so while
 * an answer streams only its growing last block is parsed again, and when it ends only the
 * first-character line is new. Used by the chat's list and by other screens that show model text
 * (the debate's bubbles).
 */
export function AnswerBlocks({ text, streaming = false, firstCharacterMs, citations }: AnswerBlocksProps) {
  return (
    <div className="chat-answer">
      {markdownBlocks(text).map((block, index) => (
        <AnswerMarkdown key={index} text={block} citations={citations} />
      ))}
      {streaming ? <span className="chat-cursor" aria-hidden="true" /> : null}
      {/* spec 001 §4: a complete answer ends with a separator and its time to first character. */}
      {firstCharacterMs === undefined ? null : (
        <div className="chat-markdown">
          <hr />
          <p>{conversationMessages.firstCharacter(firstCharacterMs / 1000)}</p>
        </div>
      )}
    </div>
  );
}
