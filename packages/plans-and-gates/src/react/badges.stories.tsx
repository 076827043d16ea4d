import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PlanBadge } from "./plan-badge";
import { QuotaBadge } from "./quota-badge";

const meta = { title: "plans-and-gates/Badges", component: QuotaBadge, args: { label: "Domande", used: 0, limit: 50 } } satisfies Meta<
  typeof QuotaBadge
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const QueriesUsed: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Domande: 0/50")).toHaveTextContent("Domande: 0/50");
  },
};
export const Unlimited: Story = { args: { used: 12, limit: -1 } };
export const Exhausted: Story = { args: { used: 50, limit: 50 } };
export const Loading: Story = { args: { used: undefined, limit: undefined } };
export const Debates: Story = { args: { label: "Dibattiti", used: 3, limit: 30 } };
export const Plans: Story = {
  render: () => (
    <p>
      <PlanBadge plan="free" /> <PlanBadge plan="base" /> <PlanBadge plan="pro" /> <PlanBadge plan="business" />{" "}
      <PlanBadge plan="enterprise" /> <PlanBadge plan="sconosciuto" />
    </p>
  ),
};
