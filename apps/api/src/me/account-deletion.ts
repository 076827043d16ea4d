import type { AccountDeleted } from "@oystar/api-client";
import type { CheckoutProvider } from "../billing/checkout-provider";
import type { Database, Queryable } from "../db/database";
import { ACCOUNT_FORMS, formsEmailOf } from "../accounts/account-data";
import { accountsChanged, type Account } from "../accounts/accounts";
import type { DeletedAccounts } from "../accounts/deleted-accounts";

/** The payment provider could not end a subscription: nothing was deleted (the account would go on being charged). */
export class SubscriptionNotCancelledError extends Error {
  override name = "SubscriptionNotCancelledError";
}

export type AccountDeletionSides = {
  billing: CheckoutProvider;
  deleted: DeletedAccounts;
  /** The built-in identity provider forgets the account too; an Auth0 tenant keeps its user. */
  forgetIdentity: ((tx: Queryable, sub: string) => Promise<void>) | null;
  /** Issue 47 §6: stops the account's answers in progress and drops its held answers, on every server process. */
  stopAnswers: (accountId: string) => Promise<void>;
};

/**
 * Issue 36 §8, 'Elimina account'. First the payment provider: every subscription the account's
 * paid checkouts started is cancelled and its open checkouts are closed — if the provider fails,
 * nothing is deleted and the caller may try again. Then, in one transaction: the account's forms
 * (their indexing outcomes go with them), its own indexes (documents, passages, originals and
 * vectors cascade), and the account row, with which its counters, debates and their votes,
 * checkouts, rate windows and device key cascade (migrations 0002–0022). The leaderboard keeps
 * only anonymous counts. What remains is the keyed hash that refuses its old tokens. Last, its
 * answers in progress stop on every server process (issue 47 §6).
 */
export async function deleteAccount(db: Database, account: Account, sides: AccountDeletionSides): Promise<AccountDeleted> {
  const checkouts = await db.query<{ id: string; status: string }>("SELECT id, status FROM checkout_sessions WHERE user_id = $1", [
    account.id,
  ]);
  let subscriptionsCancelled = 0;
  for (const checkout of checkouts) {
    try {
      if (checkout.status === "open") await sides.billing.expireSession(checkout.id);
      // Paid (applied, or due for a refund): the payment started a subscription. An expired
      // checkout was never paid.
      else if (checkout.status !== "expired" && (await sides.billing.cancelSubscription(checkout.id))) subscriptionsCancelled += 1;
    } catch {
      throw new SubscriptionNotCancelledError(`checkout ${checkout.status} not closed at the provider`);
    }
  }

  const removed = await db.transaction(async (tx) => {
    const count = async (sql: string, parameters: unknown[]) => (await tx.query<{ id: string }>(sql, parameters)).length;
    const formsDeleted = await count(`DELETE FROM form_submissions f WHERE ${ACCOUNT_FORMS} RETURNING f.id::text AS id`, [
      account.id,
      formsEmailOf(account),
    ]);
    const indexesDeleted = await count("DELETE FROM rag_indexes WHERE owner_id = $1 RETURNING id::text AS id", [account.id]);
    const debatesDeleted = await count("DELETE FROM debates WHERE user_id = $1 RETURNING id::text AS id", [account.id]);
    await tx.query("DELETE FROM users WHERE id = $1", [account.id]);
    await sides.deleted.remember(tx, account.sub);
    await sides.forgetIdentity?.(tx, account.sub);
    return { formsDeleted, indexesDeleted, debatesDeleted };
  });
  // Accounts remembered by this process (the only one that keeps any: accounts.ts): the next call
  // with an old token reads the table, and is refused.
  accountsChanged(db);
  // Nothing the account asked goes on answering, here or on another server (the old token can no
  // longer say STOP): after the rows, so that a request let in just before them is stopped too.
  await sides.stopAnswers(account.id);
  return { deleted: true, subscriptionsCancelled, ...removed };
}
