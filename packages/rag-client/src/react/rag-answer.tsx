import { MAX_NOTE_NUMBER, type CitedPassage } from "@oystar/api-client";
import { CITATION_CLASS, viewerDocument, type CitationLinks } from "@oystar/conversation";
import { AnswerBlocks, useOpenSource } from "@oystar/conversation/react";
import { Badge } from "@oystar/ui-kit/react";
import { useMemo, type MouseEvent } from "react";
import { citedNoteNumbers, shownSources as listed, sourceElementId, sourceOfCitation } from "../citations";
import { ragMessages } from "../messages";
import type { RagMessage } from "../rag-conversation";
import { sourceDocuments, viewedPassages } from "../source-documents";
import { SourceList } from "./source-list";

export type RagAnswerProps = {
  message: Pick<RagMessage, "id" | "content" | "kind">;
  sources?: readonly CitedPassage[];
  /** Still arriving: the blinking cursor follows the text, the sources come at the end. */
  streaming?: boolean;
};

/**
 * A RAG answer: the text as safe Markdown, whose `[n]` lead to 'Fonti utilizzate' under it
 * (numbers above 100 are chunk ids; only sources with an http address are shown, spec 001 §5);
 * a summary says it is one. Under a source viewer (issue 25) every source of the index is shown,
 * and a citation (a click, or Enter on it) opens its document in the viewer at the passages the
 * answer cites; its address stays for a new tab and for screens without one.
 */
const NO_SOURCES: readonly CitedPassage[] = [];

export function RagAnswer({ message, sources = NO_SOURCES, streaming = false }: RagAnswerProps) {
  const { id, content, kind } = message;
  const openSource = useOpenSource();
  const viewer = openSource !== null;
  const shownSources = useMemo(() => (streaming ? NO_SOURCES : listed(sources, { viewer })), [streaming, sources, viewer]);
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
  // A citation's address names its document's entry: the viewer opens that document.
  const openCitation = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a.${CITATION_CLASS}`) : null;
    if (
      !openSource ||
      !link ||
      !event.currentTarget.contains(link) ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    const documents = sourceDocuments(shownSources, cited);
    const document = [...documents.cited, ...documents.consulted].find(
      (candidate) => `#${sourceElementId(id, candidate.noteNumber)}` === link.getAttribute("href"),
    );
    const opened = document ? viewerDocument(document.lead, viewedPassages(document)) : null;
    if (!opened || opened.passages.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    // spec 001 §5: a number above 100 names a passage: the viewer opens at it.
    const written = Number((link.textContent ?? "").replace(/\D/g, ""));
    openSource(opened, Math.max(0, written > MAX_NOTE_NUMBER ? opened.passages.indexOf(String(written)) : 0), link);
  };
  return (
    // The citations are links (reached with Tab, Enter clicks them): this only listens to their clicks.
    <div className={kind === "summary" ? "rag-answer rag-answer--summary" : "rag-answer"} onClickCapture={openCitation}>
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
