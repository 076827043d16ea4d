import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ProgressBar } from "./progress-bar";

const meta = {
  title: "ui-kit/ProgressBar",
  component: ProgressBar,
  args: { label: "Dibattito nascosto: fase di riflessione", percent: 45, valueText: "9/20 turni completati" },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Midway: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Dibattito nascosto: fase di riflessione" });
    await expect(bar).toHaveAttribute("aria-valuetext", "9/20 turni completati");
  },
};
export const Starting: Story = { args: { label: "Preparazione del dibattito", percent: 0, valueText: "0/20 turni completati" } };
export const Complete: Story = {
  args: { label: "Analisi dell'ultimo terzo del dibattito", percent: 100, valueText: "20/20 turni completati" },
};
