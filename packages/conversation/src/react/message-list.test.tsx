import { render, screen, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import type { ChatMessage } from "../message";
import { MARKERS } from "../markers";
import { MessageList } from "./message-list";

const user = (content: string, id = "u1"): ChatMessage => ({ id, role: "user", content, timestamp: 0 });
const answer = (content: string, id = "a1", extras: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role: "assistant",
  content,
  timestamp: 0,
  ...extras,
});
const card = (id = "c1"): ChatMessage => ({ id, role: "assistant", content: "", card: MARKERS.quotaExceeded, timestamp: 0 });

describe("the message list", () => {
  test("answers are Markdown: emphasis, code blocks, tables; links open safely in a new tab", async () => {
    const text =
      "Ecco **due** cose:\n\n```js\nconst a = 1;\n```\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\nVedi [il sito](https://example.com).";
    render(
      <MessageList
        messages={[user("Domanda **non** formattata"), answer(text, "a1", { firstCharacterMs: 800 })]}
        partial=""
        loading={false}
        renderCard={() => null}
      />,
    );
    expect(await screen.findByText("due", { selector: "strong" })).toBeInTheDocument();
    expect(screen.getByText("const a = 1;", { exact: false, selector: "code" })).toBeInTheDocument();
    expect(screen.getByRole("table")).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "il sito" });
    expect(link).toHaveAttribute("href", "https://example.com/");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
    // The user's words are shown as typed.
    expect(screen.getByText("Domanda **non** formattata")).toBeInTheDocument();
    expect(screen.getByText("Primo carattere in 0,80 s")).toBeInTheDocument();
  });

  test("HTML in an answer is shown as text; images are not loaded; bad links are plain text", async () => {
    const text = "<b>grassetto?</b> ![grafico](https://example.com/g.png) [clic](javascript:alert(1))";
    const { container } = render(<MessageList messages={[answer(text)]} partial="" loading={false} renderCard={() => null} />);
    expect(await screen.findByText("[grafico: immagine non caricata]", { exact: false })).toBeInTheDocument();
    expect(container.querySelector("b, img")).toBeNull();
    expect(container.textContent).toContain("<b>grassetto?</b>");
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("clic")).toBeInTheDocument();
  });

  test("cards come from the screen; actions sit under answers only", () => {
    render(
      <MessageList
        messages={[user("Ciao"), answer("Risposta"), card("a2")]}
        partial=""
        loading={false}
        renderCard={(shown) => <p>Carta {shown}</p>}
        renderActions={(message) => <button type="button">Azione {message.id}</button>}
      />,
    );
    expect(screen.getByText("Carta QUOTA_EXCEEDED_UPGRADE")).toBeInTheDocument();
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual(["Azione a1"]);
  });

  test("while an answer streams, finished messages are not rendered again", async () => {
    const renderCard = vi.fn(() => <p>Carta</p>);
    const messages = [user("Ciao"), card()];
    const { rerender } = render(<MessageList messages={messages} partial="Sto" loading renderCard={renderCard} />);
    for (const partial of ["Sto scrivendo", "Sto scrivendo **la**", "Sto scrivendo **la** risposta"]) {
      rerender(<MessageList messages={messages} partial={partial} loading renderCard={renderCard} />);
    }
    expect(renderCard).toHaveBeenCalledTimes(1);
    const list = screen.getByRole("list");
    expect(list).toHaveAttribute("aria-busy", "true");
    expect(await within(list).findByText("la", { selector: "strong" })).toBeInTheDocument();
  });

  test("a finished answer stays the element it was while streaming (nothing is redrawn)", async () => {
    const renderCard = () => null;
    const streamed = "# Titolo\n\nPrimo paragrafo.\n\nSecondo";
    const { rerender } = render(<MessageList messages={[user("Ciao")]} partial={streamed} loading answerId="a9" renderCard={renderCard} />);
    const heading = await screen.findByRole("heading", { name: "Titolo" });
    rerender(
      <MessageList
        messages={[user("Ciao"), answer(streamed, "a9", { firstCharacterMs: 100 })]}
        partial=""
        loading={false}
        renderCard={renderCard}
      />,
    );
    expect(await screen.findByText("Primo carattere in 0,10 s")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Titolo" })).toBe(heading);
  });
});
