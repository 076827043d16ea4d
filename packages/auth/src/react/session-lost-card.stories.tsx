import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { SessionLostCard } from "./session-lost-card";

const meta = {
  title: "auth/SessionLostCard",
  component: SessionLostCard,
  parameters: { layout: "fullscreen" },
  args: { onSignIn: fn(async () => {}) },
} satisfies Meta<typeof SessionLostCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SessionLost: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Autenticazione Richiesta" })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Accedi" }));
    await expect(args.onSignIn).toHaveBeenCalledOnce();
  },
};
export const PopupClosed: Story = { args: { message: "Popup closed" } };
