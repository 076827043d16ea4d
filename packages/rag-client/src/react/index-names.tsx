import type { IndexOption } from "../index-choice";
import { ragMessages } from "../messages";

/** "Indice in uso: Garden Route (gardenroute-demo)", or the indexes, or none. */
export function IndexNames({ indexes }: { indexes: readonly IndexOption[] | null }) {
  const names =
    indexes === null
      ? ragMessages.indexLoading
      : indexes.length === 0
        ? ragMessages.noIndexes
        : indexes.map((index) => ragMessages.indexOption(index.label, index.name)).join(", ");
  return (
    <>
      {indexes && indexes.length > 1 ? ragMessages.indexesInUse : ragMessages.indexInUse}: <strong>{names}</strong>
    </>
  );
}
