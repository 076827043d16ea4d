import { Notice } from "@oystar/ui-kit/react";

export type SessionNoticesProps = {
  /** A failure to show the user. */
  alert: string | null;
  /** News that is not a failure (a reset's outcome, a copied answer …). */
  notice: string | null;
  onDismissAlert: () => void;
  onDismissNotice: () => void;
};

/** What a chat or RAG session tells the user: its failure, then its news, each dismissable. */
export function SessionNotices({ alert, notice, onDismissAlert, onDismissNotice }: SessionNoticesProps) {
  return (
    <>
      {alert ? (
        <Notice tone="error" onDismiss={onDismissAlert}>
          {alert}
        </Notice>
      ) : null}
      {notice ? (
        <Notice tone="info" onDismiss={onDismissNotice}>
          {notice}
        </Notice>
      ) : null}
    </>
  );
}
