import type { CitedPassage } from "@oystar/api-client";
import { conversationMessages, sourceLink, viewerDocument } from "@oystar/conversation";
import { useOpenSource, type OpenSource } from "@oystar/conversation/react";
import { useId, type MouseEvent } from "react";
import { sourceElementId } from "../citations";
import { ragMessages } from "../messages";
import { answerReliability, listedPassages, sourceDocuments, viewedPassages, type SourceDocument } from "../source-documents";

export type SourceListProps = {
  /** The answer's id: each document gets an element id a citation can lead to. */
  messageId: string;
  sources: readonly CitedPassage[];
  /** The note numbers the answer's text cites (from a server that does not mark cited passages). */
  cited: ReadonlySet<number>;
};

const text = ragMessages.sources;
const viewerText = conversationMessages.viewer;

/**
 * spec 001 §2, §5 and issue 23 §5: 'Fonti utilizzate' — one entry per document, numbered as the
 * answer cites it, the passages cited under it with their citation check ('attendibilità'). Every
 * cited document is in view; the passages consulted but not cited are folded, under their
 * document or below. Under a source viewer (issue 25) a document and each passage open in it, and
 * the document's own http(s) address is a link beside it; without one, the title is that link.
 */
export function SourceList({ messageId, sources, cited }: SourceListProps) {
  const titleId = useId();
  const documents = sourceDocuments(sources, cited);
  const foldedPassages = documents.consulted.reduce((sum, document) => sum + document.consulted.length, 0);
  const reliability = answerReliability(sources);
  return (
    <section className="rag-sources" aria-labelledby={titleId}>
      <h2 id={titleId} className="rag-sources__title">
        {text.title}
      </h2>
      {reliability === null ? null : (
        // Issue 52 §3: the answer's figure once, apart from each passage's own.
        <p className="rag-sources__reliability">
          {text.answerReliability(Math.round(reliability * 100))}
          <span className="rag-sources__reliability-hint">{text.answerReliabilityHint}</span>
        </p>
      )}
      <ol className="rag-sources__list">
        {documents.cited.map((document) => (
          <DocumentItem key={document.noteNumber} messageId={messageId} document={document} />
        ))}
      </ol>
      {foldedPassages > 0 ? (
        <details className="rag-sources__others">
          <summary>{text.others(foldedPassages)}</summary>
          <ol className="rag-sources__list">
            {documents.consulted.map((document) => (
              <DocumentItem key={document.noteNumber} messageId={messageId} document={document} />
            ))}
          </ol>
        </details>
      ) : null}
      {/* The tooltips' words for those who cannot hover. */}
      {sources.some((source) => typeof source.support?.retrieval === "number" || typeof source.support?.backing === "number") ? (
        <p className="oy-visually-hidden">{`${text.retrievalHint} ${text.backingHint}`}</p>
      ) : sources.some((source) => typeof source.support?.confidence === "number") ? (
        <p className="oy-visually-hidden">{text.confidenceHint}</p>
      ) : null}
    </section>
  );
}

function DocumentItem({ messageId, document }: { messageId: string; document: SourceDocument }) {
  const openSource = useOpenSource();
  const { lead, noteNumber } = document;
  const link = sourceLink(lead.url) ?? undefined;
  const name = lead.title || lead.filename || lead.url || text.source(noteNumber);
  const shown = listedPassages(document);
  const folded = document.cited.length > 0 ? document.consulted : [];
  const opens = openSource !== null && shown.length > 0;
  return (
    // A citation in the text jumps here and gives it the focus.
    <li id={sourceElementId(messageId, noteNumber)} tabIndex={-1} className="rag-source">
      <span className="rag-source__number" aria-hidden="true">
        {noteNumber}
      </span>
      <span className="oy-visually-hidden">{`${text.source(noteNumber)}: `}</span>
      <div className="rag-source__body">
        {opens ? (
          <button
            type="button"
            className="rag-source__title rag-source__open"
            aria-label={viewerText.openDocument(name)}
            onClick={(event) => openSource(viewerDocument(document.lead, viewedPassages(document)), 0, event.currentTarget)}
          >
            {name}
          </button>
        ) : (
          <a className="rag-source__title" href={link} target="_blank" rel="noopener noreferrer nofollow">
            {name}
          </a>
        )}
        {lead.filename && lead.filename !== name ? <span className="rag-source__where">{lead.filename}</span> : null}
        {opens && link ? (
          <a className="rag-source__original" href={link} target="_blank" rel="noopener noreferrer nofollow">
            {viewerText.original}
            <span className="oy-visually-hidden">{` (${viewerText.originalHint})`}</span>
          </a>
        ) : null}
        <PassageList document={document} passages={shown} openSource={opens ? openSource : null} />
        {folded.length > 0 ? (
          <details className="rag-source__others">
            <summary>{text.others(folded.length)}</summary>
            <PassageList document={document} passages={folded} openSource={opens ? openSource : null} />
          </details>
        ) : null}
      </div>
    </li>
  );
}

function PassageList({
  document,
  passages,
  openSource,
}: {
  document: SourceDocument;
  passages: readonly CitedPassage[];
  openSource: OpenSource | null;
}) {
  // Every passage of the document steps in the viewer, whichever of its entries opened it (issue 52 §6).
  const viewable = viewedPassages(document);
  const open = (passage: CitedPassage) => (event: MouseEvent<HTMLButtonElement>) =>
    openSource?.(viewerDocument(document.lead, viewable), viewable.indexOf(passage), event.currentTarget);
  return (
    <ul className="rag-source__passages">
      {passages.map((passage, index) => {
        const label = (
          <>
            {/* Issue 49 §4: the article a passage of an act is, as lawyers cite it. */}
            {passage.reference ? <span className="rag-passage__reference">{passage.reference}</span> : null}
            {/* Where it stands: a PDF's page, a presentation's slide or a workbook's sheet (issue 34). */}
            {passage.page !== null ? (
              <span className="rag-passage__page">{text.page(passage.page)}</span>
            ) : passage.place ? (
              <span className="rag-passage__page">{passage.place}</span>
            ) : null}
            {passage.excerpt ? (
              <span className="rag-passage__excerpt">{passage.excerpt}</span>
            ) : passage.page === null && !passage.place ? (
              <span>{text.passage(index + 1)}</span>
            ) : null}
          </>
        );
        return (
          <li key={passage.chunkId} className="rag-passage">
            {openSource ? (
              <button type="button" className="rag-passage__open" onClick={open(passage)}>
                <span className="oy-visually-hidden">{`${viewerText.openPassage(viewable.indexOf(passage) + 1, viewable.length)}: `}</span>
                {label}
              </button>
            ) : (
              label
            )}
            <PassageFigures passage={passage} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Issue 52 §3: a passage's own figures — its retrieval score and how well it supports the
 * sentences citing it; a passage kept before them shows the one figure it has ('attendibilità').
 */
function PassageFigures({ passage }: { passage: CitedPassage }) {
  const support = passage.support;
  if (!support) return null;
  const percent = (value: number) => Math.round(value * 100);
  if (typeof support.retrieval === "number" || typeof support.backing === "number")
    return (
      <span className="rag-passage__confidence">
        {typeof support.retrieval === "number" ? (
          <span title={text.retrievalHint}>{text.retrieval(percent(support.retrieval))}</span>
        ) : null}
        {typeof support.backing === "number" ? <span title={text.backingHint}>{text.backing(percent(support.backing))}</span> : null}
      </span>
    );
  return typeof support.confidence === "number" ? (
    <span className="rag-passage__confidence" title={text.confidenceHint}>
      {text.confidence(percent(support.confidence))}
    </span>
  ) : null;
}
