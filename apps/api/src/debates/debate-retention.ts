import type { Queryable } from "../db/database";

// Issue 47 §5: a debate's row (its mode, length, models, verdicts and vote — never its words) is
// kept as long as the privacy page says, twelve months from its start, then deleted. Deleting an
// account deletes its rows at once (me/account-deletion.ts); the model leaderboard keeps only its
// ratings (model-leaderboard.ts), so it is unchanged by either.

/** The privacy page's 'Dibattiti' row (apps/marketing legal-texts.ts) says the same. */
export const DEBATE_ROWS_KEPT_MONTHS = 12;
/** How often one server looks for rows past their time (at a debate's start, never on its own). */
const SWEEP_EVERY_MS = 60 * 60_000;

/** A sweep that deletes debate rows past their time, at most once an hour on each server. */
export function debateRetention(db: Queryable): () => Promise<void> {
  let sweptAt = 0;
  return async () => {
    if (Date.now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = Date.now();
    await db.query("DELETE FROM debates WHERE created_at < now() - make_interval(months => $1)", [DEBATE_ROWS_KEPT_MONTHS]);
  };
}
