import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { FeedbackForm } from "./feedback-form";

const meta = {
  title: "debate-engine/FeedbackForm",
  component: FeedbackForm,
  args: { onSubmit: fn(async () => {}), onNewDebate: fn() },
} satisfies Meta<typeof FeedbackForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const SentThenThanks: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Ottimo" }));
    await userEvent.click(canvas.getByRole("radio", { name: "Lato B" }));
    await userEvent.type(canvas.getByRole("textbox", { name: "Commento (facoltativo)" }), "Molto utile");
    await expect(canvas.getByText("11/500 caratteri")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Invia feedback" }));
    await expect(await canvas.findByRole("heading", { name: "Grazie per il tuo feedback!" })).toBeVisible();
    await expect(args.onSubmit).toHaveBeenCalledWith({ rating: 5, comment: "Molto utile", pdfRequested: false, vote: "B" });
  },
};

export const RatingMissing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Invia feedback" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Scegli una valutazione da 1 a 5 stelle.");
  },
};

export const SendingFails: Story = {
  args: {
    onSubmit: fn(async () => {
      throw new Error("500");
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Discreto" }));
    await userEvent.click(canvas.getByRole("button", { name: "Invia feedback" }));
    await expect(await canvas.findByText("Errore nell'invio del feedback. Riprova più tardi.")).toBeVisible();
  },
};

/** Issue 35 §1: a kept debate opened again — the feedback was sent: the thanks and the vote. */
export const KeptWithVote: Story = {
  args: { sent: { vote: "A" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Grazie per il tuo feedback!" })).toBeVisible();
    await expect(canvas.getByText("Il tuo voto: Lato A")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Invia feedback" })).toBeNull();
  },
};
