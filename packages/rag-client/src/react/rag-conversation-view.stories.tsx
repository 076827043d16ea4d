import { defaultSettings } from "@oystar/api-client";
import { MARKERS } from "@oystar/conversation";
import { useReadAloud } from "@oystar/conversation/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useEffect, useMemo } from "react";
import { expect, within } from "storybook/test";
import { createRagSession } from "../rag-session";
import { storyDependencies, type StoryServer } from "../testing/story-world";
import { RagConversationView } from "./rag-conversation-view";

/** The conversation alone, over the story server: the questions are asked as it opens. */
function Conversation({ questions, server }: { questions: readonly string[]; server: StoryServer }) {
  const session = useMemo(() => createRagSession({ ...storyDependencies(server), settings: defaultSettings }), [server]);
  const readAloud = useReadAloud();
  useEffect(() => {
    void (async () => {
      for (const question of questions) await session.send(question);
    })();
    return () => session.dispose();
  }, [session, questions]);
  return (
    <RagConversationView
      session={session}
      readAloud={readAloud}
      renderCard={(card) => <p>{card === MARKERS.quotaExceeded ? "Quota Esaurita!" : card}</p>}
    />
  );
}

const meta = {
  title: "rag-client/RagConversationView",
  component: Conversation,
  args: { questions: ["Quando si visita Boboli?"], server: {} },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A question, its answer with 'Fonti utilizzate' (only http sources), and copy / read aloud / share. */
export const OneAnswer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sources = await canvas.findByRole("region", { name: "Fonti utilizzate" }, { timeout: 10_000 });
    await expect(within(sources).getByRole("link", { name: "Il Giardino di Boboli a Firenze" })).toBeVisible();
    await expect(canvas.getByRole("group", { name: "Azioni sulla risposta" })).toBeVisible();
  },
};

/** Two questions: the second answer under the first. */
export const TwoQuestions: Story = { args: { questions: ["Quando si visita Boboli?", "E le limonaie?"] } };

/** The answer while it streams: the text so far with the blinking cursor, no sources yet. */
export const Streaming: Story = { args: { server: { charsPerSecond: 20 } } };

/** From 90 % of the context the conversation becomes its summary (spec 001 §4). */
export const Summarised: Story = {
  args: { server: { contextUsage: 93 } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Riepilogo automatico", {}, { timeout: 10_000 })).toBeVisible();
  },
};
