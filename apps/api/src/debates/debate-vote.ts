import { API_PATHS, debateVoteSchema, type DebateVote } from "@oystar/api-client";
import { Hono, type Context } from "hono";
import type { Access, SignedInVariables } from "../auth/access";
import type { Database } from "../db/database";
import { pastAccountLimit, type AccountLimit } from "../web/account-limit";
import { firstIssueWithField, jsonBody } from "../web/json-body";
import { bodyCeiling, jsonOnly, QUICK_BODY_MS } from "../web/request-body";
import { debateChargeMessages } from "./messages";
import { recordVote } from "./model-leaderboard";

// Issue 26 §3, issue 53 §2: 'Chi ti ha convinto di più?' — the user's vote on a debate moves the
// model leaderboard, once per debate of the voter's, played to its end. The vote has its own route
// among the debates'; the feedback form that closes a debate carries none of it any more.

/**
 * issue 33 §2: votes per account, counted in the database, refused ones included: one a debate
 * played to its end, 20 an hour — as many as the debates whose judge an account may ask for
 * (debate-routes.ts).
 */
const VOTE_LIMIT: AccountLimit = { action: "debate-vote", limit: 20, windowSeconds: 60 * 60, tooMany: debateChargeMessages.tooManyVotes };

/** A vote is two short fields. */
const VOTE_BODY = { maxBytes: 1024, readTimeoutMs: QUICK_BODY_MS };

/**
 * Counts the account's vote on its debate: the 429 past the account's votes, a 403 for a debate
 * not its own, a 409 for one voted already or not played to its end — null once counted.
 * Also used by the feedback form for clients that still send the vote with it (debate-engine ≤ 0.2.0).
 */
export async function castVote(c: Context, db: Database, userId: string, debateId: string, vote: DebateVote): Promise<Response | null> {
  const limited = await pastAccountLimit(c, db, userId, VOTE_LIMIT);
  if (limited) return limited;
  const refusal = await recordVote(db, { id: userId }, debateId, vote);
  return refusal ? c.json({ error: refusal.error }, refusal.status) : null;
}

/** POST /api/debates/vote (signed-in): `{debate_id, preferred_side}` → 201 `{ok: true}`. */
export function debateVoteRoutes(access: Access, db: Database) {
  const app = new Hono<{ Variables: SignedInVariables }>();
  const voteBody = jsonBody(debateVoteSchema, firstIssueWithField(debateChargeMessages.unknown));
  app.post(API_PATHS.debateVote, access.signedIn, jsonOnly, bodyCeiling(VOTE_BODY), voteBody, async (c) => {
    const { debate_id: debateId, preferred_side: vote } = c.req.valid("json");
    const refused = await castVote(c, db, c.get("user").id, debateId, vote);
    return refused ?? c.json({ ok: true as const }, 201);
  });
  return app;
}
