import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { DeletionUndo } from "./deletion-undo";

const conversation = (id: string, title: string) => ({
  id,
  module: "chat" as const,
  title,
  createdAt: 0,
  updatedAt: 0,
  messages: [{ id: `${id}-1`, role: "user" as const, content: title, timestamp: 0 }],
});

const meta = {
  title: "conversation/DeletionUndo",
  component: DeletionUndo,
  args: { undo: { all: false, conversations: [conversation("1", "Dati riservati cliente Verdi")] }, onUndo: fn() },
} satisfies Meta<typeof DeletionUndo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const One: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("«Dati riservati cliente Verdi» eliminata.");
    await userEvent.click(canvas.getByRole("button", { name: "Annulla l'eliminazione di «Dati riservati cliente Verdi»" }));
    await expect(args.onUndo).toHaveBeenCalled();
  },
};
export const All: Story = {
  args: { undo: { all: true, conversations: [conversation("1", "Uno"), conversation("2", "Due")] } },
};
export const Nothing: Story = { args: { undo: null } };
