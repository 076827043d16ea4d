import type { CitationLinks } from "@oystar/chat-core";
import { AnswerBlocks } from "@oystar/chat-core/react";
import { Badge } from "@oystar/ui-kit/react";
import { useMemo } from "react";
import { citedNoteNumbers, shownSources as listed, sourceElementId, sourceOfCitation } from "../citations";
import { ragMessages } from "../messages";
import type { RagMessage, RagSource } from "../rag-conversation";
import { SourceList } from "./source-list";

export type RagAnswerProps = {
  message: Pick<RagMessage, "id" | "content" | "kind">;
  sources?: readonly RagSource[];
  /** Still arriving: the blinking cursor follows the text, the sources come at the end. */
  streaming?: boolean;
};

/**
 * A RAG answer: the text as safe Markdown, whose `[n]` lead to 'Fonti utilizzate' under it
 * (numbers above 100 are chunk ids; only sources with an http address are shown, spec 001 §5);
 * a summary says it is one.
 */
const NO_SOURCES: readonly RagSource[] = [];

export function RagAnswer({ message, sources = NO_SOURCES, streaming = false }: RagAnswerProps) {
  const { id, content, kind } = message;
  const shownSources = useMemo(() => (streaming ? NO_SOURCES : listed(sources)), [streaming, sources]);
  // Stable per answer: the Markdown blocks are memoised on it.
  const citations = useMemo<CitationLinks | undefined>(() => {
    if (shownSources.length === 0) return undefined;
    return {
      href: (citation) => {
        const source = sourceOfCitation(citation, shownSources);
        return source ? `#${sourceElementId(id, source.noteNumber)}` : null;
      },
    };
  }, [id, shownSources]);
  const cited = useMemo(() => citedNoteNumbers(content, shownSources), [content, shownSources]);
  return (
    <div className={kind === "summary" ? "rag-answer rag-answer--summary" : "rag-answer"}>
      {kind === "summary" ? (
        <Badge tone="warning" className="rag-answer__label">
          {ragMessages.summaryLabel}
        </Badge>
      ) : null}
      <AnswerBlocks text={content} streaming={streaming} citations={citations} />
      {shownSources.length > 0 ? <SourceList messageId={id} sources={shownSources} cited={cited} /> : null}
    </div>
  );
}
