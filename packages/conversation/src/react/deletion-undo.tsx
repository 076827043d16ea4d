import { Button } from "@oystar/ui-kit/react";
import type { DeviceHistoryState } from "../history/device-history-store";
import { historyMessages } from "../history/history-messages";

export type DeletionUndoProps = {
  /** The last deletion, while 'Annulla' can still bring it back (the store's `lastDeletion`). */
  undo: DeviceHistoryState["lastDeletion"];
  onUndo: () => void;
};

/**
 * Issue 50 §1: what was deleted, said politely, with 'Annulla' for as long as the store keeps it
 * (10 s) — in place of a question asked before deleting, for one conversation and for all.
 */
export function DeletionUndo({ undo, onUndo }: DeletionUndoProps) {
  // The region stays, so a screen reader hears the news when it comes.
  const title = undo && !undo.all ? undo.conversations[0]?.title : undefined;
  return (
    <div className="deletion-undo" role="status">
      {undo ? (
        <>
          <span className="deletion-undo__text">
            {title !== undefined ? historyMessages.deletedOne(title) : historyMessages.deletedAll(undo.conversations.length)}
          </span>
          <Button
            size="sm"
            variant="secondary"
            aria-label={title !== undefined ? historyMessages.undoLabel(title) : historyMessages.undoAllLabel}
            onClick={onUndo}
          >
            {historyMessages.undo}
          </Button>
        </>
      ) : null}
    </div>
  );
}
