import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Tabs } from "./tabs";

const meta = {
  title: "ui-kit/Tabs",
  component: Tabs,
  args: {
    label: "Modalità del dibattito",
    tabs: [
      { id: "debate", label: "DEBATE", content: <p>Tesi A a favore, Tesi B contro.</p> },
      { id: "synthesis", label: "SINTESI", content: <p>La sintesi viene generata dal tema.</p> },
      { id: "challenge", label: "SFIDA", content: <p>Una tesi da confutare.</p> },
    ],
  },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstSelected: Story = {};
export const SecondSelected: Story = { args: { defaultValue: "synthesis" } };
export const KeyboardNavigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: "DEBATE" }));
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "SINTESI" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{End}");
    await expect(canvas.getByRole("tab", { name: "SFIDA" })).toHaveFocus();
  },
};
