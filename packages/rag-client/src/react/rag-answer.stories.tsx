import { RAG_CITATION_WARNING } from "@oystar/api-client";
import { SourceViewerProvider } from "@oystar/conversation/react";
import { scriptedSourceViewer, textPassage } from "@oystar/conversation/testing";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
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

/** The passages of the story's sources where they stand in their documents, as the server's viewer gives them. */
const storyViewer = scriptedSourceViewer([
  textPassage(
    "1201",
    "Il Giardino di Boboli si visita tutto l'anno; gli orari cambiano con le stagioni.",
    { id: "7", title: "Il Giardino di Boboli a Firenze", filename: "giardino-di-boboli.md" },
    { before: "Orari\n\n", after: "\n\nBiglietti" },
  ),
  textPassage("1344", "D'inverno le limonaie ospitano gli agrumi in vaso, al riparo dal gelo.", {
    id: "8",
    title: "Limonaie e agrumi in vaso",
    filename: "limonaie.md",
  }),
]);

/** Issue 25: under the source viewer (the floor's, issue 38 §1), [1] opens its document at the passage; Escape gives the focus back to [1]. */
export const CitationOpensTheViewer: Story = {
  decorators: [(Story) => <SourceViewerProvider {...storyViewer.provider}>{Story()}</SourceViewerProvider>],
  play: async ({ canvasElement }) => {
    const [citation] = await within(canvasElement).findAllByRole("link", { name: "Fonte 1" });
    await userEvent.click(citation!);
    const viewer = await within(document.body).findByRole("dialog", { name: "Il Giardino di Boboli a Firenze" });
    await expect(await within(viewer).findByText(/si visita tutto l'anno/, { selector: "mark" })).toBeVisible();
    await expect(within(viewer).getByText("File: giardino-di-boboli.md")).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(citation).toHaveFocus());
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
    message: {
      id: "riepilogo",
      kind: "summary",
      content:
        "Riepilogo della conversazione precedente:\n\nDomande:\n- Quando si visita Boboli?\n\nUltima risposta: Il Giardino di Boboli si visita tutto l'anno…",
    },
    sources: [],
  },
};
