/** spec 001 §2: the chat textarea grows with its content up to 120 px, then scrolls. */
export const TEXTAREA_MAX_HEIGHT = 120;

export function autoGrowHeight(
  scrollHeight: number,
  maxHeight: number = TEXTAREA_MAX_HEIGHT,
): {
  height: number;
  scrolls: boolean;
} {
  return { height: Math.min(scrollHeight, maxHeight), scrolls: scrollHeight > maxHeight };
}

/** Enter sends, Shift+Enter adds a new line; nothing is sent while an IME is composing. */
export function isSubmitKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.isComposing;
}
