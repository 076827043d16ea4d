import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

const meta = {
  title: "ui-kit/EmptyState",
  component: EmptyState,
  args: { title: "OYSTAR AI", description: "Un assistente privato: le conversazioni restano nel tuo browser." },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {};
export const WithIcon: Story = { args: { icon: "💬" } };
export const WithAction: Story = { args: { action: <Button>Nuovo Dibattito</Button> } };
