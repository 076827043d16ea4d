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
      icon="🌿"
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
