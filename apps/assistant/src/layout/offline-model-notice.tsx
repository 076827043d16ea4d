import { Notice } from "@oystar/ui-kit/react";
import { useStore } from "zustand";
import { messages } from "../messages";
import { dismissOfflineNotice, offlineNoticeStore } from "./offline-notice-store";

/**
 * DESIGN.md §6: with no model connected the modules say so, honestly but in one line (issue 27 §5):
 * what each module's answers are then, on demand; closed, it stays closed for the session.
 */
export function OfflineModelNotice({ details }: { details: string }) {
  const dismissed = useStore(offlineNoticeStore, (state) => state.dismissed);
  if (dismissed) return null;
  return (
    <Notice tone="info" compact title={messages.offlineModel.title} details={details} onDismiss={dismissOfflineNotice}>
      {messages.offlineModel.summary}
    </Notice>
  );
}
