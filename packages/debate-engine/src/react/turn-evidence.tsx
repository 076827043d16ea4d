import type { CheckedQuote, CitedPassage } from "@oystar/api-client";
import { CITATION_CLASS, passageInDocument, type CitationLinks } from "@oystar/conversation";
import { useOpenSource, type OpenSource } from "@oystar/conversation/react";
import { Badge } from "@oystar/ui-kit/react";
import type { MouseEvent } from "react";
import type { TurnEvidence } from "../debate-quotes";
import { debateMessages } from "../messages";

// issue 26 §2: what a turn argued from documents shows under its words — each quote with its
// passage's number [n] and what the server found of it (a quote not found, or not supporting its
// sentence, is marked), and the passages the turn read. Every [n] — in the words and here — opens
// the passage in the source viewer the screen provides (the floor's, as RAG's sources open in it:
// issue 38 §1), stepping through the passages of its document the turn read. Everything here is
// text: passages and quotes come from the customer's documents and the model, never rendered as markup.

/** Opens passage `n` of a turn's passages in the viewer, in its document; `from` gets the focus back. */
function openPassage(openSource: OpenSource, passages: readonly CitedPassage[], n: number, from: HTMLElement | null) {
  const found = passageInDocument(passages, n);
  if (found) openSource(found.document, found.position, from);
}

const { evidence: words } = debateMessages;

/** The in-bubble address of a turn's passage, where a citation leads without a viewer. */
export const passageElementId = (speechId: string, n: number) => `debate-${speechId}-passage-${n}`;

/** A turn's citations lead to its passages' entries (only the numbers it was given). */
export function evidenceCitations(speechId: string, evidence: TurnEvidence | undefined): CitationLinks | undefined {
  if (!evidence || evidence.passages.length === 0) return undefined;
  const numbers = new Set(evidence.passages.map((passage) => passage.noteNumber));
  return { href: (n) => (numbers.has(n) ? `#${passageElementId(speechId, n)}` : null) };
}

/**
 * A click on a citation of the words opens its passage in the viewer (when there is one); the
 * link's address stays for screens without one. Listens in the capture phase, as RAG answers do.
 */
export function openCitedPassage(event: MouseEvent<HTMLElement>, evidence: TurnEvidence | undefined, openSource: OpenSource | null) {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a.${CITATION_CLASS}`) : null;
  if (!openSource || !evidence || !link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const n = Number(/-passage-(\d+)$/.exec(link.getAttribute("href") ?? "")?.[1]);
  if (!evidence.passages.some((passage) => passage.noteNumber === n)) return;
  event.preventDefault();
  event.stopPropagation();
  openPassage(openSource, evidence.passages, n, link);
}

const passageTitle = (passage: CitedPassage) => passage.title || passage.filename;

function PassageNumber({ passage, passages }: { passage: CitedPassage; passages: readonly CitedPassage[] }) {
  const openSource = useOpenSource();
  const label = `[${passage.noteNumber}]`;
  if (!openSource) return <span className="debate-evidence__number">{label}</span>;
  return (
    <button
      type="button"
      className="debate-evidence__number debate-evidence__number--opens"
      aria-label={words.openPassage(passage.noteNumber, passageTitle(passage))}
      onClick={(event) => openPassage(openSource, passages, passage.noteNumber, event.currentTarget)}
    >
      {label}
    </button>
  );
}

function QuoteItem({ quote, passages }: { quote: CheckedQuote; passages: readonly CitedPassage[] }) {
  const passage = passages.find((candidate) => candidate.noteNumber === quote.n);
  const verified = quote.status === "verified";
  return (
    <li className={`debate-evidence__quote debate-evidence__quote--${quote.status}`} data-status={quote.status}>
      <q className="debate-evidence__words">{quote.text}</q>{" "}
      {passage ? (
        <PassageNumber passage={passage} passages={passages} />
      ) : (
        <span className="debate-evidence__number">{`[${quote.n}]`}</span>
      )}{" "}
      <Badge tone={verified ? "success" : "warning"} className="debate-evidence__status">
        {words.status[quote.status]}
      </Badge>
    </li>
  );
}

export type TurnEvidenceViewProps = {
  speechId: string;
  evidence: TurnEvidence;
};

/** The quotes of a finished turn with the server's verdicts, then the passages it read. */
export function TurnEvidenceView({ speechId, evidence }: TurnEvidenceViewProps) {
  const { passages, quotes } = evidence;
  return (
    <section className="debate-evidence" aria-label={words.quotesTitle}>
      <h3 className="debate-evidence__title">{words.quotesTitle}</h3>
      {quotes === null ? (
        <p className="debate-evidence__note">{words.unchecked}</p>
      ) : quotes.length === 0 ? (
        <p className="debate-evidence__note">{words.noQuotes}</p>
      ) : (
        <ul className="debate-evidence__quotes">
          {quotes.map((quote, index) => (
            <QuoteItem key={index} quote={quote} passages={passages} />
          ))}
        </ul>
      )}
      {passages.length > 0 ? (
        <details className="debate-evidence__passages">
          <summary>{words.passagesTitle(passages.length)}</summary>
          <ol className="debate-evidence__list">
            {passages.map((passage) => (
              <li
                key={passage.noteNumber}
                id={passageElementId(speechId, passage.noteNumber)}
                className="debate-evidence__passage"
                tabIndex={-1}
              >
                <PassageNumber passage={passage} passages={passages} />{" "}
                <span className="debate-evidence__source">
                  {passageTitle(passage)}
                  {passage.page === null ? null : ` · ${words.page(passage.page)}`}
                </span>
                <span className="debate-evidence__excerpt">{passage.excerpt}</span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
