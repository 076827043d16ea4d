import type { Meta, StoryObj } from "@storybook/react-vite";
import { DebateStatusBadge } from "./status-badge";

const meta = {
  title: "debate-engine/DebateStatusBadge",
  component: DebateStatusBadge,
  args: { auto: true, speaker: "A", speaking: true, turn: 1, total: 20, phase: "opposizione" },
} satisfies Meta<typeof DebateStatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AutoOpposizione: Story = {};
export const ManualRiflessione: Story = { args: { auto: false, speaker: "B", speaking: false, turn: 8, phase: "riflessione" } };
export const Sintesi: Story = { args: { speaker: "B", speaking: true, turn: 20, phase: "sintesi" } };
