import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button, IconButton } from "./button";

const meta = {
  title: "ui-kit/Button",
  component: Button,
  args: { children: "Avvia Dibattito", onClick: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Avvia Dibattito" }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};
export const Secondary: Story = { args: { variant: "secondary", children: "Scopri Pro" } };
export const Ghost: Story = { args: { variant: "ghost", children: "Torna Indietro" } };
export const Danger: Story = { args: { variant: "danger", children: "STOP" } };
export const Small: Story = { args: { size: "sm", children: "Copia" } };
export const Large: Story = { args: { size: "lg", children: "ACCEDI" } };
export const Loading: Story = {
  args: { loading: true, children: "Salvataggio" },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button");
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
  },
};
export const Disabled: Story = { args: { disabled: true, children: "Invia" } };

export const Icon: StoryObj<typeof IconButton> = {
  render: () => <IconButton label="Leggi ad alta voce" icon="🔊" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Leggi ad alta voce" })).toBeVisible();
  },
};
