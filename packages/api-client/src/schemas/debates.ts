import { OFFLINE_MODEL } from "./chat";
import { debateDocumentsSchema, sealedVerdictsSchema } from "./debate-evidence";
import { DEBATE_JUDGE_MODELS, LISTED_MODELS } from "./models";
import { MODEL_PROVIDERS } from "./service";
import { storableString } from "./text";
import { z } from "./zod";

// DESIGN.md §4: POST /api/debates/increment counts one debate and returns its id; each of the
// debate's model calls is then a structured request carrying that id (POST /api/debates/calls),
// which the server validates and turns into the model's messages itself (debate-engine's
// debatePrompt). Nothing but a call the engine makes can ride on a debate id: the server never
// reads prompt prose, and the largest request it forwards is bounded by these limits.

export const debateIncrementSchema = z.object({
  debate_id: z.string().min(1),
  debates_used: z.number().int(),
  debates_limit: z.number().int(),
});
export type DebateIncrement = z.infer<typeof debateIncrementSchema>;

/** spec 001 §5, §9: the length slider. */
export const DEBATE_LENGTH = { min: 6, max: 200, default: 20 } as const;
/** spec 001 §5: the loop guard stops a reply past 2000 characters, so no turn is longer. */
export const DEBATE_REPLY_MAX_CHARS = 2000;
/** What one thesis may hold (the start screen's textareas stop there). */
export const DEBATE_THESIS_MAX_CHARS = 1000;
/** A side's option: a thesis, or the challenge's "Non è vero che …" of one. */
export const DEBATE_OPTION_MAX_CHARS = DEBATE_THESIS_MAX_CHARS + 100;
/** The topic joins two options ("… contro …"). */
export const DEBATE_TOPIC_MAX_CHARS = 2 * DEBATE_OPTION_MAX_CHARS + 20;
/** spec 001 §9: a turn's prompt quotes the last 5 interventions on the cloud provider, 10 otherwise. */
export const DEBATE_CONTEXT_MESSAGES = { cloud: 5, local: 10 } as const;
/** spec 001 §4: the synthesis analyses the last third of the interventions. */
export const analysedInterventions = (interventions: number) => Math.ceil(interventions / 3);

export type DebateSide = "A" | "B";
/** spec 001 §4: turns alternate A then B, starting with A at turn 0. */
export const sideOfTurn = (turn: number): DebateSide => (turn % 2 === 0 ? "A" : "B");

const invalidCall = "Richiesta del dibattito non valida";
const text = (max: number) => storableString({ error: invalidCall }).max(max, invalidCall);
const turnNumber = z
  .number({ error: invalidCall })
  .int(invalidCall)
  .min(0, invalidCall)
  .max(DEBATE_LENGTH.max - 1, invalidCall);
const side = z.enum(["A", "B"], { error: invalidCall });
const SERVED_MODELS: readonly string[] = [...LISTED_MODELS, OFFLINE_MODEL];
/** A model name as the engine holds it (a custom Model-A="…" may be any), refused unless listed. */
const model = z.string({ error: invalidCall }).refine((name) => SERVED_MODELS.includes(name), "Modello non disponibile");

/** One intervention of the debate so far, as the engine quotes it. */
export const interventionSchema = z.strictObject({ speaker: side, turn: turnNumber, content: text(DEBATE_REPLY_MAX_CHARS) });
export type Intervention = z.infer<typeof interventionSchema>;

const debateFields = {
  debate_id: z.uuid({ error: "Dibattito sconosciuto" }),
  mode: z.enum(["debate", "synthesis", "challenge"], { error: invalidCall }),
  topic: text(DEBATE_TOPIC_MAX_CHARS).min(1, invalidCall),
  /** The thesis each side defends: A affirms the first, B negates it in favour of the second. */
  options: z.strictObject({ A: text(DEBATE_OPTION_MAX_CHARS).min(1, invalidCall), B: text(DEBATE_OPTION_MAX_CHARS).min(1, invalidCall) }),
  models: z.strictObject({ A: model, B: model }),
  length: z.number({ error: invalidCall }).int(invalidCall).min(DEBATE_LENGTH.min, invalidCall).max(DEBATE_LENGTH.max, invalidCall),
  provider: z.enum(MODEL_PROVIDERS, { error: invalidCall }),
  /** issue 26 §2: 'Basati sui documenti' — the caller's index each turn reads from (Business, Enterprise). */
  documents: debateDocumentsSchema.optional(),
};

/** The interventions quoted, oldest first: earlier turns only, each in its side's turn. */
const inOrderBefore = (history: readonly Intervention[], turn: number) =>
  history.every(
    (item, position) =>
      item.turn < turn && item.speaker === sideOfTurn(item.turn) && (position === 0 || (history[position - 1]?.turn ?? -1) < item.turn),
  );

/** One turn: its number, and the interventions its prompt quotes (spec 001 §9). */
export const debateTurnCallSchema = z
  .strictObject({
    ...debateFields,
    kind: z.literal("turn"),
    turn: turnNumber,
    history: z.array(interventionSchema).max(DEBATE_CONTEXT_MESSAGES.local, invalidCall),
  })
  .refine((call) => call.turn < call.length, { message: invalidCall, path: ["turn"] })
  .refine(
    (call) => call.history.length <= Math.min(call.turn, DEBATE_CONTEXT_MESSAGES[call.provider]) && inOrderBefore(call.history, call.turn),
    {
      message: invalidCall,
      path: ["history"],
    },
  );

/** The analysis closing a synthesis: the last third of its hidden debate (spec 001 §4). */
export const debateAnalysisCallSchema = z
  .strictObject({
    ...debateFields,
    kind: z.literal("analysis"),
    history: z.array(interventionSchema).min(1, invalidCall).max(analysedInterventions(DEBATE_LENGTH.max), invalidCall),
  })
  .refine((call) => call.mode === "synthesis", { message: invalidCall, path: ["mode"] })
  .refine((call) => call.history.length <= analysedInterventions(call.length) && inOrderBefore(call.history, call.length), {
    message: invalidCall,
    path: ["history"],
  });

/**
 * issue 26 §1: a debate is judged twice, the sides' order swapped — run 1 shows side A as 'Lato 1',
 * run 2 shows side B as 'Lato 1' — so that a judge's preference for the side read first cancels out.
 */
export const DEBATE_JUDGE_RUNS = [1, 2] as const;
export type DebateJudgeRun = (typeof DEBATE_JUDGE_RUNS)[number];
/** The side a run shows as 'Lato 1'. */
export const firstSideOfRun = (run: DebateJudgeRun): DebateSide => (run === 1 ? "A" : "B");
/**
 * The judge reads every intervention (it must quote each side's strongest and weakest argument),
 * each at most this long: the prompts ask for replies of at most 800 characters (spec 001 §1).
 */
export const DEBATE_JUDGE_QUOTE_CHARS = 800;

/** An intervention as the judge reads it; one argued from documents brings its quotes' sealed verdicts. */
const judgeQuote = z.strictObject({
  speaker: side,
  turn: turnNumber,
  content: text(DEBATE_JUDGE_QUOTE_CHARS),
  quotes: sealedVerdictsSchema.optional(),
});

/**
 * The judge of a finished debate or challenge (issue 26 §1): the whole transcript, its interventions
 * cut to DEBATE_JUDGE_QUOTE_CHARS, and the judge model the screen names (the admin's choice, which
 * the server checks). The server builds the prompt with the sides as 'Lato 1'/'Lato 2' only.
 */
export const debateJudgeCallSchema = z
  .strictObject({
    ...debateFields,
    kind: z.literal("judge"),
    run: z.union([z.literal(1), z.literal(2)], { error: invalidCall }),
    judge_model: z.enum(DEBATE_JUDGE_MODELS, { error: "Modello non disponibile" }),
    history: z.array(judgeQuote).min(1, invalidCall).max(DEBATE_LENGTH.max, invalidCall),
  })
  .refine((call) => call.mode !== "synthesis", { message: invalidCall, path: ["mode"] })
  .refine((call) => call.history.length <= call.length && inOrderBefore(call.history, call.length), {
    message: invalidCall,
    path: ["history"],
  })
  .refine((call) => call.documents !== undefined || call.history.every((item) => item.quotes === undefined), {
    message: invalidCall,
    path: ["history"],
  });

/** POST /api/debates/calls: one model call of a debate the caller started. */
export const debateCallSchema = z.discriminatedUnion("kind", [debateTurnCallSchema, debateAnalysisCallSchema, debateJudgeCallSchema]);
export type DebateCall = z.infer<typeof debateCallSchema>;
export type DebateTurnCall = z.infer<typeof debateTurnCallSchema>;
export type DebateAnalysisCall = z.infer<typeof debateAnalysisCallSchema>;
export type DebateJudgeCall = z.infer<typeof debateJudgeCallSchema>;
export type DebateMode = DebateCall["mode"];
