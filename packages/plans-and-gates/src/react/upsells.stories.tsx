import type { Meta, StoryObj } from "@storybook/react-vite";
import { DebateUpsell, RagUpsell } from "./upsells";

const meta = { title: "plans-and-gates/Upsells", component: RagUpsell, args: { currentPlan: "free" } } satisfies Meta<typeof RagUpsell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RagFromFree: Story = {};
export const RagFromBase: Story = { args: { currentPlan: "base" } };
export const RagFromPro: Story = { args: { currentPlan: "pro" } };
export const Debate: Story = { render: () => <DebateUpsell /> };
