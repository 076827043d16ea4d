import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { TypingDemo } from "./typing-demo";

const meta = {
  title: "chat-core/TypingDemo",
  component: TypingDemo,
  args: { open: true, onClose: fn(), model: "openai/gpt-oss-120b" },
} satisfies Meta<typeof TypingDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Typing: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.getByRole("dialog", { name: "Demo di scrittura" })).toBeVisible();
    await expect(body.getByRole("combobox", { name: "Velocità" })).toHaveValue("25");
  },
};
export const SmallModel: Story = { args: { model: "openai/gpt-oss-20b" } };
