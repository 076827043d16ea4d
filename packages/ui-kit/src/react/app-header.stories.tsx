import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge } from "./badge";
import { Button } from "./button";
import { AppHeader } from "./app-header";

const meta = {
  title: "ui-kit/AppHeader",
  component: AppHeader,
  parameters: { layout: "fullscreen" },
  args: {
    brand: <strong>OYSTAR</strong>,
    nav: (
      <nav aria-label="Moduli">
        <a href="#chat" aria-current="page">OYSTAR AI</a> <a href="#debate">OYSTAR Debate</a> <a href="#rag">OYSTAR RAG</a>
      </nav>
    ),
    status: <Badge tone="brand">Business</Badge>,
    user: <span>business@oystar.test</span>,
    actions: <Button variant="secondary" size="sm">Esci</Button>,
  },
} satisfies Meta<typeof AppHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};
export const BrandOnly: Story = { args: { nav: undefined, status: undefined, user: undefined, actions: undefined } };
