import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { AdvancedPanel } from "./advanced-panel";

const meta = {
  title: "chat-core/AdvancedPanel",
  component: AdvancedPanel,
  args: {
    options: { model: "openai/gpt-oss-120b", deepThink: false },
    onModelChange: fn(),
    onDeepThinkChange: fn(),
    onOpenTypingDemo: fn(),
  },
} satisfies Meta<typeof AdvancedPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const DeepThinkOn: Story = { args: { options: { model: "openai/gpt-oss-20b", deepThink: true } } };
export const ServerModels: Story = {
  args: { choices: { models: ["openai/gpt-oss-20b"], offline: false }, options: { model: "openai/gpt-oss-20b", deepThink: false } },
};
export const OfflineModel: Story = { args: { choices: { models: [], offline: true } } };
