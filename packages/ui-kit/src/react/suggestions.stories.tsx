import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Suggestions } from "./suggestions";

const meta = {
  title: "ui-kit/Suggestions",
  component: Suggestions,
  args: {
    label: "Prova a chiedere",
    items: ["Spiegami in parole semplici che cos'è l'inflazione", "Dammi tre idee per una cena vegetariana veloce"],
    onPick: fn(),
  },
} satisfies Meta<typeof Suggestions>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {
  play: async ({ canvasElement, args }) => {
    const group = within(canvasElement).getByRole("group", { name: "Prova a chiedere" });
    await userEvent.click(within(group).getByRole("button", { name: "Dammi tre idee per una cena vegetariana veloce" }));
    await expect(args.onPick).toHaveBeenCalledWith("Dammi tre idee per una cena vegetariana veloce", 1);
  },
};
