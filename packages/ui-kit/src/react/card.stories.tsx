import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "./button";
import { Card } from "./card";

const meta = {
  title: "ui-kit/Card",
  component: Card,
  args: { title: "Quota Esaurita!", children: <p>Hai raggiunto il limite di domande del tuo piano.</p> },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithTitle: Story = {};
export const WithFooter: Story = { args: { footer: <Button>Passa a Base</Button> } };
export const Untitled: Story = { args: { title: undefined, children: <p>Un riquadro senza titolo.</p> } };
