import type { QuestionCharges } from "../plans/question-charge";
import type { Admission } from "./admission";
import type { Resumable } from "./resumable-answers";
import type { ServerStop } from "./server-stopping";

/**
 * What every route that streams a model's answer to a new question takes from this process: its
 * admission control (issue 55), the step that holds an answer for a resume (issue 35), the
 * server's stop (issue 37 §3), and — issue 53 §4 — the one charge of a question of the quota,
 * counted in batches (plans/question-charge.ts), for the chat and RAG alike.
 */
export type StreamedRoad = { admission: Admission; resumable: Resumable; serverStop: ServerStop; charges: QuestionCharges };
