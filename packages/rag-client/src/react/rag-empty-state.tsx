import { EmptyState, Suggestions } from "@oystar/ui-kit/react";
import { exampleQuestions, type IndexOption } from "../index-choice";
import { ragMessages } from "../messages";
import { IndexNames } from "./index-names";

export type RagEmptyStateProps = {
  /** The indexes questions search; null while the list loads. */
  indexes: readonly IndexOption[] | null;
  /** issue 36 §3: asks one of the index's example questions (shown only for an index that has them). */
  onAsk?: (question: string) => void;
};

/**
 * spec 001 §2: the title, the illustrative-example disclaimer and the index in use; issue 36 §3:
 * the example questions of the index asked, when the server gave it some (the demo's).
 */
export function RagEmptyState({ indexes, onAsk }: RagEmptyStateProps) {
  const examples = exampleQuestions(indexes);
  return (
    <EmptyState
      headingLevel={1}
      icon={<LeafIcon />}
      title={ragMessages.title}
      description={
        <>
          <span className="rag-empty__disclaimer">{ragMessages.disclaimer}</span>
          <span className="rag-empty__index">
            <IndexNames indexes={indexes} />
          </span>
        </>
      }
      action={onAsk && examples.length > 0 ? <Suggestions label={ragMessages.examplesLabel} items={examples} onPick={onAsk} /> : undefined}
    />
  );
}

/** A leaf: the example collection is about gardens (drawn here, no icon font needed). */
function LeafIcon() {
  return (
    <svg
      className="rag-empty__icon"
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M10 38C10 20 22 9 40 8c0 19-11 30-28 30" />
      <path d="M10 38c7-10 14-17 22-22" />
    </svg>
  );
}
