import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { LockedPdfZone } from "./locked-pdf-zone";

const meta = {
  title: "pdf-tools/LockedPdfZone",
  component: LockedPdfZone,
  args: { upgradeHref: "/subscription?plan=business", onAttempt: fn() },
} satisfies Meta<typeof LockedPdfZone>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ForOtherPlans: Story = {};
