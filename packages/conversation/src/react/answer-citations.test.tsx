import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import type { CitationLinks } from "../citation-links";
import { AnswerBlocks } from "./answer-blocks";
import { MessageList } from "./message-list";

// Two sources are listed beside the answer: 1 and 2. Anything else names nothing.
const citations: CitationLinks = { href: (number) => (number === 1 || number === 2 ? `#fonte-${number}` : null) };

describe("citation numbers in an answer", () => {
  test("[n] naming a listed source becomes an in-page link; code, the model's own links and unknown numbers stay as written", async () => {
    const text = "Il giardino ha cento statue [1]. Le fontane [2, 3] e il `[1]` del codice; [vedi](https://example.com) e [9].";
    const { container } = render(<AnswerBlocks text={text} citations={citations} />);
    const first = await screen.findByRole("link", { name: "Fonte 1" });
    expect(first).toHaveTextContent("[1]");
    expect(first).toHaveAttribute("href", "#fonte-1");
    expect(screen.getByRole("link", { name: "Fonte 2" }).textContent).toBe("2");
    expect(screen.queryByRole("link", { name: "Fonte 3" })).toBeNull();
    expect(container.textContent).toContain("[2, 3]");
    expect(container.querySelector("code")?.textContent).toBe("[1]");
    expect(screen.getByRole("link", { name: "vedi" })).toHaveAttribute("href", "https://example.com/");
    expect(container.textContent).toContain("e [9].");
  });

  test("following a citation focuses its source and leaves the address alone", async () => {
    render(
      <>
        <AnswerBlocks text="Cento statue [2]." citations={citations} />
        <p id="fonte-2" tabIndex={-1}>
          Fonte due
        </p>
      </>,
    );
    const before = window.location.href;
    await userEvent.click(await screen.findByRole("link", { name: "Fonte 2" }));
    expect(screen.getByText("Fonte due")).toHaveFocus();
    expect(window.location.href).toBe(before);
  });

  test("a model cannot make an in-page link of its own", async () => {
    render(<AnswerBlocks text="[uno](#fonte-1) e [1](#fonte-1)" citations={citations} />);
    await screen.findByText("uno");
    expect(screen.queryByRole("link")).toBeNull();
  });

  test("without citations an answer reads as before", async () => {
    render(<AnswerBlocks text="Cento statue [1]." />);
    expect(await screen.findByText("Cento statue [1].")).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
  });

  test("a screen may draw its answers itself (finished and streaming), the list keeps the rest", () => {
    render(
      <MessageList
        messages={[{ id: "a1", role: "assistant", content: "Finita", timestamp: 0 }]}
        partial="In arrivo"
        loading
        answerId="a2"
        renderCard={() => null}
        renderAnswer={(message, streaming) => <p>{`${message.id}: ${message.content}${streaming ? " …" : ""}`}</p>}
      />,
    );
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["OYSTAR:a1: Finita", "OYSTAR:a2: In arrivo …"]);
  });
});
