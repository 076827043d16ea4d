import { RAG_CITATION_WARNING } from "@oystar/api-client";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { storyAnswer, storySources } from "../testing/story-world";
import { RagAnswer } from "./rag-answer";

const meta = {
  title: "rag-client/RagAnswer",
  component: RagAnswer,
  args: { message: { id: "storia", content: storyAnswer }, sources: storySources },
  decorators: [(Story) => <div className="chat-message chat-message--assistant">{Story()}</div>],
} satisfies Meta<typeof RagAnswer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithSources: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = await canvas.findAllByRole("link", { name: "Fonte 1" });
    await expect(first).toHaveAttribute("href", "#fonte-storia-1");
  },
};

/** The citation check's note, once, at the end (spec 001 §2). */
export const WithWarningNote: Story = { args: { message: { id: "nota", content: `${storyAnswer}\n\n${RAG_CITATION_WARNING}` } } };

/** spec 001 §5: a source whose address is not http(s) is not listed, and its citation leads nowhere. */
export const SourceWithoutAddress: Story = {
  args: { message: { id: "senza-indirizzo", content: "Le limonaie ospitano gli agrumi [2]. Il regolamento vieta i droni [3]." } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("link", { name: "Fonte 2" })).toBeVisible();
    await expect(canvas.queryByRole("link", { name: "Fonte 3" })).toBeNull();
    await expect(canvas.queryByText("Villa d'Este a Tivoli")).toBeNull();
  },
};

export const Streaming: Story = { args: { message: { id: "in-arrivo", content: storyAnswer.slice(0, 90) }, streaming: true } };

export const Summary: Story = {
  args: {
    message: { id: "riepilogo", kind: "summary", content: "Riepilogo della conversazione precedente:\n\nDomande:\n- Quando si visita Boboli?\n\nUltima risposta: Il Giardino di Boboli si visita tutto l'anno…" },
    sources: [],
  },
};
