import { EmptyState } from "@oystar/ui-kit/react";
import type { IndexOption } from "../index-choice";
import { ragMessages } from "../messages";
import { IndexNames } from "./index-names";

export type RagEmptyStateProps = {
  /** The indexes questions search; null while the list loads. */
  indexes: readonly IndexOption[] | null;
};

/** spec 001 §2: the title, the illustrative-example disclaimer and the index in use. */
export function RagEmptyState({ indexes }: RagEmptyStateProps) {
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
    />
  );
}

/** A leaf: the example collection is about gardens (drawn here, no icon font needed). */
function LeafIcon() {
  return (
    <svg className="rag-empty__icon" viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M10 38C10 20 22 9 40 8c0 19-11 30-28 30" />
      <path d="M10 38c7-10 14-17 22-22" />
    </svg>
  );
}
