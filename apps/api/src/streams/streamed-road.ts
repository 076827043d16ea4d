import type { Admission } from "./admission";
import type { Resumable } from "./resumable-answers";
import type { ServerStop } from "./server-stopping";

/**
 * What every route that streams a model's answer to a new question takes from this process: its
 * admission control (issue 55), the step that holds an answer for a resume (issue 35), and the
 * server's stop (issue 37 §3).
 */
export type StreamedRoad = { admission: Admission; resumable: Resumable; serverStop: ServerStop };
