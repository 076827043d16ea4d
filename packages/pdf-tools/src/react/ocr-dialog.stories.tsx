import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { OcrDialog } from "./ocr-dialog";

const meta = {
  title: "pdf-tools/OcrDialog",
  component: OcrDialog,
  args: { fileName: "Scansione contratto.pdf", onConfirm: fn(), onCancel: fn() },
} satisfies Meta<typeof OcrDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ScannedPdf: Story = {
  play: async ({ canvasElement, args }) => {
    // The dialog is portalled to the body, outside the story's canvas.
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole("button", { name: "Sì, estrai testo" }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};
