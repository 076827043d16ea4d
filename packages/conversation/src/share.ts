import { conversationMessages } from "./messages";

type ShareTarget = {
  share?: (data: ShareData) => Promise<void>;
  clipboard?: Pick<Clipboard, "writeText">;
};

/** Copies an answer. Returns what to tell the user. */
export async function copyAnswer(content: string, target: ShareTarget): Promise<string> {
  if (!target.clipboard) return conversationMessages.copyFailed;
  try {
    await target.clipboard.writeText(content);
    return conversationMessages.copied;
  } catch {
    return conversationMessages.copyFailed;
  }
}

/**
 * spec 001 §8: share with the Web Share API; where there is none, the text is copied and the
 * user is told so. Cancelling the share sheet is not an error. Returns a message, or null.
 */
export async function shareAnswer(content: string, target: ShareTarget): Promise<string | null> {
  if (!target.share) {
    const copied = await copyAnswer(content, target);
    return copied === conversationMessages.copied ? conversationMessages.sharedByCopy : copied;
  }
  try {
    await target.share({ title: "OYSTAR AI", text: content });
    return null;
  } catch (error) {
    if (error instanceof Error && error.name === "AbortError") return null;
    return conversationMessages.shareFailed;
  }
}
