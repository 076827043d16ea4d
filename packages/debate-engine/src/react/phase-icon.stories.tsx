import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PhaseBadge, PhaseIcon } from "./phase-icon";

const meta = {
  title: "debate-engine/PhaseIcon",
  component: PhaseIcon,
  args: { phase: "opposizione" },
  argTypes: { phase: { control: "inline-radio", options: ["opposizione", "riflessione", "sintesi"] } },
} satisfies Meta<typeof PhaseIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

/** spec 001 §2: two arrows meeting head on. */
export const Opposizione: Story = {
  play: async ({ canvasElement }) => {
    // Drawn, not an emoji: its name is there for those who cannot see it.
    await expect(within(canvasElement).getByRole("img", { name: "Opposizione" })).toBeVisible();
  },
};
/** A balance: arguments weighed. */
export const Riflessione: Story = { args: { phase: "riflessione" } };
/** Two paths merging into one. */
export const Sintesi: Story = { args: { phase: "sintesi" } };
/** With its name beside it, as the status bar shows it. */
export const AsBadge: Story = {
  args: { phase: "riflessione" },
  render: ({ phase }) => <PhaseBadge phase={phase} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Riflessione" })).toBeVisible();
  },
};
