import { authMessages, takeAccountDeleted } from "@oystar/auth";
import { Notice } from "@oystar/ui-kit/react";
import { useEffect, useState } from "react";

/**
 * Issue 52 §7: where the sign-out of a deleted account lands, a word that it is gone — once, after
 * the page is React's (the prerendered HTML knows nothing of this tab's storage).
 */
export function AccountDeletedNotice() {
  const [deleted, setDeleted] = useState(false);
  useEffect(() => setDeleted(takeAccountDeleted()), []);
  if (!deleted) return null;
  return (
    <Notice tone="success" onDismiss={() => setDeleted(false)}>
      {authMessages.accountDeleted}
    </Notice>
  );
}
