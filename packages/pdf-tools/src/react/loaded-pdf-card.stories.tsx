import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { LoadedPdfCard } from "./loaded-pdf-card";

const meta = {
  title: "pdf-tools/LoadedPdfCard",
  component: LoadedPdfCard,
  args: {
    pdf: { name: "Verbale assemblea marzo 2026.pdf", pages: 12, size: 348_160, text: "" },
    onRemove: fn(),
    onAction: fn(),
  },
} satisfies Meta<typeof LoadedPdfCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Riassunto" }));
    await expect(args.onAction).toHaveBeenCalledWith("riassunto");
  },
};
export const WhileAnswering: Story = { args: { disabled: true } };
