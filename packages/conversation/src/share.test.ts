import { describe, expect, test, vi } from "vitest";
import { conversationMessages } from "./messages";
import { copyAnswer, shareAnswer } from "./share";

const answer = "La risposta.";

describe("copy and share", () => {
  test("copy puts the answer on the clipboard", async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await copyAnswer(answer, { clipboard: { writeText } })).toBe(conversationMessages.copied);
    expect(writeText).toHaveBeenCalledWith("La risposta.");
  });

  test("share uses the Web Share API; cancelling is not an error", async () => {
    const share = vi.fn(async () => undefined);
    expect(await shareAnswer(answer, { share })).toBeNull();
    expect(share).toHaveBeenCalledWith({ title: "OYSTAR AI", text: "La risposta." });
    const cancelled = vi.fn(async () => Promise.reject(new DOMException("annullato", "AbortError")));
    expect(await shareAnswer(answer, { share: cancelled })).toBeNull();
  });

  test("without Web Share the text is copied and the user is told", async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await shareAnswer(answer, { clipboard: { writeText } })).toBe(conversationMessages.sharedByCopy);
    expect(writeText).toHaveBeenCalledWith("La risposta.");
  });
});
