import { z } from "./zod";

// issue 26 §3: the admin's model leaderboard — an Elo rating per model from the judge's verdicts
// and the users' votes. Only model names and counts are kept: nothing of any debate's text.

const outcomes = z.object({ wins: z.number().int(), draws: z.number().int(), losses: z.number().int() });

/** GET /api/admin/model-leaderboard: best rating first. */
export const modelLeaderboardSchema = z.object({
  models: z.array(
    z.object({
      model: z.string(),
      /** Debates the built-in offline model argued in these models' names (no model was connected). */
      offline: z.boolean(),
      /** Elo, starting from 1000. */
      rating: z.number(),
      /** The judge's verdicts on the debates this model argued in. */
      judge: outcomes,
      /** The users' answers to 'Chi ti ha convinto di più?'. */
      votes: outcomes,
    }),
  ),
});
export type ModelLeaderboard = z.infer<typeof modelLeaderboardSchema>;
export type ModelStanding = ModelLeaderboard["models"][number];
