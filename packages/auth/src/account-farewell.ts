// Issue 52 §7: after 'Elimina account' the user signs out and lands on the site, which said
// nothing. The assistant leaves a word for the site in this tab's session storage (same origin;
// nothing about the account, only that one was deleted here), and the site says it once.

const ACCOUNT_DELETED_KEY = "oystar:account-deleted";

type SessionStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Before signing out of a deleted account. A storage that refuses only loses the word. */
export function markAccountDeleted(storage: SessionStore | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(ACCOUNT_DELETED_KEY, "1");
  } catch {
    // Nothing to say then.
  }
}

/** Whether an account was just deleted in this tab; the word is taken, so it is said once. */
export function takeAccountDeleted(storage: SessionStore | undefined = globalThis.sessionStorage): boolean {
  try {
    if (storage?.getItem(ACCOUNT_DELETED_KEY) !== "1") return false;
    storage.removeItem(ACCOUNT_DELETED_KEY);
    return true;
  } catch {
    return false;
  }
}
