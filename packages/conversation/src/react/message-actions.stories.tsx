import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { createReadAloud } from "../speech";
import { MessageActions } from "./message-actions";

// A silent voice: the story shows the states without speaking in the designer's room.
const readAloud = createReadAloud({ speak: () => undefined, cancel: () => undefined }, (text) => ({ text }) as SpeechSynthesisUtterance);

const meta = {
  title: "conversation/MessageActions",
  component: MessageActions,
  args: {
    message: { id: "a1", role: "assistant", content: "Tre punti da ricordare.", firstCharacterMs: 500, timestamp: 0 },
    readAloud,
    onNotice: fn(),
  },
} satisfies Meta<typeof MessageActions>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithPdfInContext: Story = { args: { onDownloadPdf: fn() } };
export const ReadingAloud: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Leggi ad alta voce" }));
    await expect(canvas.getByRole("button", { name: "Interrompi lettura" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(canvas.getByRole("button", { name: "Interrompi lettura" }));
  },
};
