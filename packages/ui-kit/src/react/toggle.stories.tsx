import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { Toggle } from "./toggle";

function DeepThink({
  initial = false,
  disabled = false,
  withDescription = false,
}: {
  initial?: boolean;
  disabled?: boolean;
  withDescription?: boolean;
}) {
  const [on, setOn] = useState(initial);
  return (
    <Toggle
      label="Deep Think"
      checked={on}
      onChange={setOn}
      disabled={disabled}
      description={withDescription ? "Ragionamento più approfondito, risposte più lente." : undefined}
    />
  );
}

const meta = { title: "ui-kit/Toggle", component: DeepThink } satisfies Meta<typeof DeepThink>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole("switch", { name: "Deep Think" });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute("aria-checked", "true");
  },
};
export const On: Story = { args: { initial: true } };
export const WithDescription: Story = { args: { withDescription: true } };
export const Disabled: Story = { args: { disabled: true } };
