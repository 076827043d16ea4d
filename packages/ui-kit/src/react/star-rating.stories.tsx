import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { StarRating } from "./star-rating";

function Feedback({ initial = 0, readOnly = false }: { initial?: number; readOnly?: boolean }) {
  const [value, setValue] = useState(initial);
  return <StarRating value={value} onChange={setValue} readOnly={readOnly} label="Com'è andato il dibattito?" />;
}

const meta = { title: "ui-kit/StarRating", component: Feedback } satisfies Meta<typeof Feedback>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Unrated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Discreto" }));
    await expect(canvas.getByRole("radio", { name: "Discreto" })).toBeChecked();
    await expect(canvas.getByText("Discreto", { selector: ".oy-rating__caption" })).toBeVisible();
  },
};
export const Rated: Story = { args: { initial: 4 } };
export const ReadOnly: Story = { args: { initial: 5, readOnly: true } };
