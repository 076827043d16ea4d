// Issue 35 §2: which answer the server was writing when this tab's page went away (a reload, a
// screen left), so that the page, back, takes it up again. Per tab (sessionStorage): another tab
// never resumes it a second time. It names the conversation and where the server holds the answer
// — never a word of either; the server gives it only to the account that asked.

/** The screens whose answers a reload takes up: the chat's, RAG's and the debate's. */
export type HeldAnswerModule = "chat" | "rag" | "debate";

/** For a debate, `turn` is the turn being written. */
export type HeldAnswerRecord = { module: HeldAnswerModule; conversationId: string; streamUrl: string; turn?: number };

const KEY = "oystar-risposta-in-corso";

/** The answer this tab was waiting for on `module`'s screen, if any. */
export function readHeldAnswer(module: HeldAnswerModule): HeldAnswerRecord | null {
  try {
    const record = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<HeldAnswerRecord> | null;
    if (record?.module !== module || typeof record.conversationId !== "string" || typeof record.streamUrl !== "string") return null;
    if (record.turn !== undefined && !Number.isInteger(record.turn)) return null;
    return {
      module: record.module,
      conversationId: record.conversationId,
      streamUrl: record.streamUrl,
      ...(record.turn === undefined ? {} : { turn: record.turn }),
    };
  } catch {
    return null;
  }
}

export function keepHeldAnswer(record: HeldAnswerRecord): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(record));
  } catch {
    // A browser that keeps nothing: a reload simply cannot resume.
  }
}

/** The answer is in its conversation (or was given up): nothing to take up again. */
export function forgetHeldAnswer(conversationId?: string): void {
  try {
    const record = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<HeldAnswerRecord> | null;
    if (conversationId === undefined || record?.conversationId === conversationId) sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
