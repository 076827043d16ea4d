// Issue 35 §2: which answer the server was writing when this tab's page went away (a reload, a
// screen left), so that the page, back, takes it up again. Per tab (sessionStorage): another tab
// never resumes it a second time. It names the conversation and where the server holds the answer
// — never a word of either; the server gives it only to the account that asked.

export type HeldAnswerRecord = { module: "chat"; conversationId: string; streamUrl: string };

const KEY = "oystar-risposta-in-corso";

export function readHeldAnswer(): HeldAnswerRecord | null {
  try {
    const record = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<HeldAnswerRecord> | null;
    if (record?.module !== "chat" || typeof record.conversationId !== "string" || typeof record.streamUrl !== "string") return null;
    return { module: record.module, conversationId: record.conversationId, streamUrl: record.streamUrl };
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
    if (conversationId === undefined || readHeldAnswer()?.conversationId === conversationId) sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
