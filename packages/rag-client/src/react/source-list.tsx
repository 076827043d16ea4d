import { useId } from "react";
import { sourceElementId, sourceLink } from "../citations";
import { ragMessages } from "../messages";
import type { RagSource } from "../rag-conversation";

export type SourceListProps = {
  /** The answer's id: each source gets an element id a citation can lead to. */
  messageId: string;
  sources: readonly RagSource[];
  /** The note numbers the answer cites; the others are listed apart, folded. */
  cited: ReadonlySet<number>;
};

const text = ragMessages.sources;

/**
 * spec 001 §2, §5: 'Fonti utilizzate' — the sources an answer cites, by their number, each a link
 * to its http(s) address (the answer lists only those: see shownSources). The passages given to
 * the model but not cited are folded under them. Each cited source shows its citation check
 * discreetly.
 */
export function SourceList({ messageId, sources, cited }: SourceListProps) {
  const titleId = useId();
  // An answer that cites nothing (a model that forgot): every passage it was written from.
  const main = cited.size > 0 ? sources.filter((source) => cited.has(source.noteNumber)) : sources;
  const others = cited.size > 0 ? sources.filter((source) => !cited.has(source.noteNumber)) : [];
  return (
    <section className="rag-sources" aria-labelledby={titleId}>
      <h2 id={titleId} className="rag-sources__title">
        {text.title}
      </h2>
      <ol className="rag-sources__list">
        {main.map((source) => (
          <SourceItem key={source.noteNumber} messageId={messageId} source={source} />
        ))}
      </ol>
      {others.length > 0 ? (
        <details className="rag-sources__others">
          <summary>{text.others(others.length)}</summary>
          <ol className="rag-sources__list">
            {others.map((source) => (
              <SourceItem key={source.noteNumber} messageId={messageId} source={source} />
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

function SourceItem({ messageId, source }: { messageId: string; source: RagSource }) {
  const link = sourceLink(source.url) ?? undefined;
  const name = source.title ?? source.filename ?? source.url ?? text.source(source.noteNumber);
  const where = [source.filename && source.filename !== name ? source.filename : null, source.page !== undefined ? text.page(source.page) : null].filter(Boolean).join(" · ");
  return (
    // A citation in the text jumps here and gives it the focus.
    <li id={sourceElementId(messageId, source.noteNumber)} tabIndex={-1} className="rag-source">
      <span className="rag-source__number" aria-hidden="true">
        {source.noteNumber}
      </span>
      <span className="oy-visually-hidden">{`${text.source(source.noteNumber)}: `}</span>
      <span className="rag-source__body">
        <a className="rag-source__title" href={link} target="_blank" rel="noopener noreferrer nofollow">
          {name}
        </a>
        {where ? <span className="rag-source__where">{where}</span> : null}
      </span>
      {source.confidence !== undefined ? (
        <span className="rag-source__confidence" title={text.confidenceHint}>
          {text.confidence(Math.round(source.confidence * 100))}
        </span>
      ) : null}
    </li>
  );
}
