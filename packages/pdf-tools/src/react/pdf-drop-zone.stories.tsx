import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { PdfDropZone } from "./pdf-drop-zone";

const meta = {
  title: "pdf-tools/PdfDropZone",
  component: PdfDropZone,
  args: { onFile: fn(), onRefused: fn() },
} satisfies Meta<typeof PdfDropZone>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Reading: Story = { args: { disabled: true, busyText: "Lettura di «Verbale assemblea.pdf»..." } };
