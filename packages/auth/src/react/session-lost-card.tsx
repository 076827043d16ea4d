import { Button, Card, Notice } from "@oystar/ui-kit/react";
import { useState } from "react";
import { authMessages } from "../messages";

/**
 * spec 001 §2: 'Autenticazione Richiesta' with a login button, over a page whose session was
 * lost. It does not cover the page: what is on it (a conversation) stays readable and is kept.
 */
export function SessionLostCard({ message, onSignIn }: { message?: string; onSignIn: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="oy-session-lost" role="alert">
      <Card title={authMessages.authRequired}>
        <p>{authMessages.sessionLost}</p>
        {message ? <Notice tone="error">{message}</Notice> : null}
        <Button
          loading={busy}
          onClick={() => {
            setBusy(true);
            void onSignIn().finally(() => setBusy(false));
          }}
        >
          {authMessages.signInAgain}
        </Button>
      </Card>
    </div>
  );
}
