import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { Slider } from "./slider";

function DebateLength({ initial = 20, disabled = false }: { initial?: number; disabled?: boolean }) {
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
    />
  );
}

const meta = { title: "ui-kit/Slider", component: DebateLength } satisfies Meta<typeof DebateLength>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Minimum: Story = { args: { initial: 6 } };
export const Locked: Story = { args: { disabled: true } };
