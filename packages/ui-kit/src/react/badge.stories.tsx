import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge } from "./badge";

const meta = { title: "ui-kit/Badge", component: Badge, args: { children: "Free" } } satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};
export const Brand: Story = { args: { tone: "brand", children: "Business" } };
export const Success: Story = { args: { tone: "success", children: "Online" } };
export const Warning: Story = { args: { tone: "warning", children: "49/50" } };
export const Danger: Story = { args: { tone: "danger", children: "Offline" } };
