import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import type { ChatMessage } from "../message";
import { conversationMessages } from "../messages";
import { createReadAloud } from "../speech";
import { MessageActions } from "./message-actions";

const message: ChatMessage = { id: "a1", role: "assistant", content: "La **risposta**.", firstCharacterMs: 300, timestamp: 0 };

function fakeVoice() {
  const speech = { speak: vi.fn(), cancel: vi.fn() };
  return { speech, readAloud: createReadAloud(speech, (text) => ({ text }) as SpeechSynthesisUtterance) };
}

describe("actions on an answer", () => {
  test("copy puts the answer on the clipboard and says so", async () => {
    const user = userEvent.setup();
    const onNotice = vi.fn();
    render(<MessageActions message={message} readAloud={fakeVoice().readAloud} onNotice={onNotice} />);
    await user.click(screen.getByRole("button", { name: "Copia" }));
    expect(await navigator.clipboard.readText()).toBe("La **risposta**.");
    expect(onNotice).toHaveBeenCalledWith(conversationMessages.copied);
  });

  test("read aloud reads the prose; pressing again stops", async () => {
    const user = userEvent.setup();
    const { speech, readAloud } = fakeVoice();
    render(<MessageActions message={message} readAloud={readAloud} onNotice={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Leggi ad alta voce" }));
    expect(speech.speak).toHaveBeenCalledWith(expect.objectContaining({ text: "La risposta.", lang: "it-IT" }));
    const stop = screen.getByRole("button", { name: "Interrompi lettura" });
    expect(stop).toHaveAttribute("aria-pressed", "true");
    await user.click(stop);
    expect(screen.getByRole("button", { name: "Leggi ad alta voce" })).toHaveAttribute("aria-pressed", "false");
  });

  test("share without Web Share copies the text and tells the user", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: navigator.clipboard });
    const onNotice = vi.fn();
    render(<MessageActions message={message} readAloud={fakeVoice().readAloud} onNotice={onNotice} />);
    await user.click(screen.getByRole("button", { name: "Condividi" }));
    expect(onNotice).toHaveBeenCalledWith(conversationMessages.sharedByCopy);
  });

  test("download as PDF is offered only when a PDF is in context", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<MessageActions message={message} readAloud={fakeVoice().readAloud} onNotice={vi.fn()} />);
    expect(screen.queryByRole("button", { name: "Scarica PDF" })).toBeNull();
    const onDownloadPdf = vi.fn();
    rerender(<MessageActions message={message} readAloud={fakeVoice().readAloud} onNotice={vi.fn()} onDownloadPdf={onDownloadPdf} />);
    await user.click(screen.getByRole("button", { name: "Scarica PDF" }));
    expect(onDownloadPdf).toHaveBeenCalledWith(message);
  });
});
