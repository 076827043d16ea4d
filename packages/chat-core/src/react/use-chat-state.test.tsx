import { act, render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { testChatSession } from "../test-session";
import { useChatState } from "./use-chat-state";

test("however many pieces arrive within a frame, the screen repaints once for them", async () => {
  const pieces = Array.from({ length: 200 }, (_, index) => `${index} `);
  const session = testChatSession({
    // The pieces arrive back to back, as a fast model's do: all before the next frame.
    complete: async function* () {
      yield* pieces;
    },
  });
  const paints: number[] = [];
  function Answer() {
    const count = useChatState(session, (state) => state.conversation.messages.length);
    paints.push(count);
    return <p>{`${count} messaggi`}</p>;
  }
  render(<Answer />);
  await act(() => session.send("Conta"));
  expect(await screen.findByText("2 messaggi")).toBeInTheDocument();
  // The first paint, then one for the whole exchange: not one per piece.
  expect(paints).toEqual([0, 2]);
});
