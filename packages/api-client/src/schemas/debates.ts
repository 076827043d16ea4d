import { z } from "./zod";

// DESIGN.md §4: POST /api/debates/increment counts one debate and returns its id; the debate's
// model calls carry that id, so the gateway charges them to the debate and not as questions.

export const debateIncrementSchema = z.object({
  debate_id: z.string().min(1),
  debates_used: z.number().int(),
  debates_limit: z.number().int(),
});
export type DebateIncrement = z.infer<typeof debateIncrementSchema>;

/** The header a debate's model calls carry its id in (the request body stays OpenAI-shaped). */
export const DEBATE_ID_HEADER = "X-Debate-Id";
