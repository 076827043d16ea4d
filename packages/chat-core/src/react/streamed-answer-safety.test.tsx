import { cutsOf, modelStreamResponse, unsafeMarkup, xssPayloads } from "@oystar/vitest-config/hostile-text";
import { drawingSurface } from "@oystar/vitest-config/drawing-surface";
import { expect, test } from "vitest";
import type { ChatState } from "../chat-session";
import { modelCompletion } from "../completion";
import { testChatSession } from "../test-session";
import { MessageList } from "@oystar/conversation/react";

// Issue 28 §5: each payload of the security team's list as a model's answer, whole and cut in two
// at every position, through the chat's own pipeline — the gateway's event stream read by
// streamCompletion, the session's store, the message list drawn at each step. (Chromium proves the
// same drawing inert where scripts really run: markdown-safety.browser.test.tsx.)

const surface = drawingSurface();
const { container } = surface;

function draw(state: Pick<ChatState, "conversation" | "partial" | "loading">) {
  surface.draw(
    <MessageList messages={state.conversation.messages} partial={state.partial} loading={state.loading} renderCard={() => null} />,
  );
}

test("the Markdown renderer has loaded (the first answer is shown as text until then)", async () => {
  draw({
    conversation: { messages: [{ id: "m", role: "assistant", content: "**pronto**", timestamp: 0 }] } as ChatState["conversation"],
    partial: "",
    loading: false,
  });
  await expect.poll(() => container.querySelector("strong")?.textContent, { timeout: 30_000 }).toBe("pronto");
});

test.each(xssPayloads.map((payload, index) => [index + 1, payload] as const))(
  "payload %i streamed as an answer, cut at every position, draws nothing that runs or loads",
  async (_, payload) => {
    const cuts = cutsOf(payload);
    for (const [index, cut] of cuts.entries()) {
      const chat = testChatSession({
        complete: modelCompletion({ baseUrl: "/groq", fetch: async () => modelStreamResponse(cut, index / cuts.length) }),
      });
      const problems: string[] = [];
      const unsubscribe = chat.store.subscribe((state) => {
        draw(state);
        problems.push(...unsafeMarkup(container));
      });
      await chat.send("Domanda");
      unsubscribe();
      const answer = chat.store.getState().conversation.messages.at(-1);
      // The whole payload arrived, as the answer's text.
      expect(answer?.content, `cut at ${cut[0].length}`).toBe(payload);
      expect(problems, `cut at ${cut[0].length}`).toEqual([]);
      expect(container.textContent).toContain("Primo carattere");
    }
  },
);
