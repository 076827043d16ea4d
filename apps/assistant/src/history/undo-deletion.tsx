import { DeletionUndo } from "@oystar/conversation/react";
import type { DeviceHistory } from "./use-device-history";

/** Issue 50 §1: 'Annulla' for the last deletion, wherever the screen shows it. */
export function UndoDeletion({ history }: { history: DeviceHistory }) {
  return <DeletionUndo undo={history.lastDeletion} onUndo={() => void history.undo()} />;
}
