import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PLANS, publicPlan } from "../catalogue";
import { PlanGrid } from "./plan-grid";

const meta = {
  title: "plans-and-gates/PlanGrid",
  component: PlanGrid,
  parameters: { layout: "fullscreen" },
  args: { plans: PLANS.map(publicPlan), currentPlan: null, onChoose: fn() },
} satisfies Meta<typeof PlanGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Scegli Pro" }));
    await expect(args.onChoose).toHaveBeenCalledWith("pro");
  },
};
export const OnPro: Story = { args: { currentPlan: "pro" } };
export const OnBusiness: Story = { args: { currentPlan: "business" } };
export const RequestedBusiness: Story = { args: { currentPlan: "free", requestedPlan: "business" } };
export const PreparingCheckout: Story = { args: { currentPlan: "free", busyPlan: "base" } };
export const CheckingWhoIsSignedIn: Story = { args: { checking: true } };
export const Loading: Story = { args: { plans: null } };
export const LoadError: Story = { args: { plans: null, error: "", onRetry: fn() } };
