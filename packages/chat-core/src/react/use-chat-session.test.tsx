import { renderHook } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { testChatSession } from "../test-session";
import { useChatSession } from "./index";

// Issue 24: leaving /chat stops the answer being streamed, as leaving /debate and /rag do.

test("the screen's session lives while it is shown; leaving it aborts the answer and adds nothing", async () => {
  let request: AbortSignal | null = null;
  const chat = testChatSession({
    // One piece, then the model keeps the connection open until it is hung up on.
    complete: async function* ({ signal }) {
      request = signal;
      yield "Prima parte";
      await new Promise((resolve) => signal.addEventListener("abort", resolve));
    },
  });
  const { result, rerender, unmount } = renderHook(() => useChatSession(() => chat));
  rerender();
  expect(result.current).toBe(chat);

  const sending = chat.send("Racconta");
  await vi.waitFor(() => expect(chat.store.getState().partial).toBe("Prima parte"));
  expect(request!.aborted).toBe(false);

  unmount();
  expect(request!.aborted).toBe(true);
  expect(await sending).toBe(false);
  // Not a stop by the user: no half answer marked as cut short is appended.
  expect(chat.store.getState().conversation.messages.map((message) => message.role)).toEqual(["user"]);
  expect(chat.store.getState().loading).toBe(false);
});
