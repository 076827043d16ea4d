import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BackendStatusBadge } from "./backend-status-badge";

const meta = {
  title: "api-client/BackendStatusBadge",
  component: BackendStatusBadge,
  args: { status: "online" },
} satisfies Meta<typeof BackendStatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Checking: Story = { args: { status: "checking" } };
export const Online: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Online");
  },
};
export const Offline: Story = { args: { status: "offline" } };
export const OnTheLocalServer: Story = {
  args: { status: "online", provider: "local" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Online · Server locale (VM)");
  },
};
