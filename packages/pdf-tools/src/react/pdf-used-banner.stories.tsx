import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { PdfUsedBanner } from "./pdf-used-banner";

const meta = {
  title: "pdf-tools/PdfUsedBanner",
  component: PdfUsedBanner,
  args: {
    record: { name: "Verbale assemblea marzo 2026.pdf", pages: 12, size: 348_160, originalText: "" },
    onMoreActions: fn(),
    onNormalChat: fn(),
  },
} satisfies Meta<typeof PdfUsedBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AfterAnAction: Story = {};
