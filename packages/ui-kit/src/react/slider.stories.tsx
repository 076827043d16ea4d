import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { useState } from "react";
import { Slider } from "./slider";

function DebateLength({ initial = 20, disabled = false, description }: { initial?: number; disabled?: boolean; description?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <Slider
      label="Lunghezza del dibattito"
      min={6}
      max={200}
      value={value}
      onChange={setValue}
      disabled={disabled}
      formatValue={(turns) => `${turns} turni`}
      description={description}
    />
  );
}

const meta = { title: "ui-kit/Slider", component: DebateLength } satisfies Meta<typeof DebateLength>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Minimum: Story = { args: { initial: 6 } };
export const Locked: Story = { args: { disabled: true } };

/** Issue 36 §2: a sentence under the slider of what the value does, read out with it. */
export const WithDescription: Story = {
  args: { description: "Quanti interventi conta un dibattito prima della sintesi." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("slider", { name: "Lunghezza del dibattito" })).toHaveAccessibleDescription(
      "Quanti interventi conta un dibattito prima della sintesi.",
    );
  },
};
