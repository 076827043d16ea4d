import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ContextWarning } from "./context-warning";
import { RagEmptyState } from "./rag-empty-state";

const meta = {
  title: "rag-client/RagEmptyState",
  component: RagEmptyState,
  args: { indexes: [{ name: "gardenroute-demo", label: "Garden Route" }] },
} satisfies Meta<typeof RagEmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DemoIndex: Story = {};

/** Issue 36 §3: the demo index with the example questions the server lists for it; a click asks one. */
export const DemoIndexWithExamples: Story = {
  args: {
    indexes: [
      {
        name: "gardenroute-demo",
        label: "Garden Route",
        examples: ["Chi ha commissionato Villa d'Este a Tivoli?", "Quando è stato fondato l'Orto botanico di Padova?"],
      },
    ],
    onAsk: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const group = within(canvasElement).getByRole("group", { name: "Domande di esempio sui documenti" });
    await userEvent.click(within(group).getByRole("button", { name: "Quando è stato fondato l'Orto botanico di Padova?" }));
    await expect(args.onAsk).toHaveBeenCalledWith("Quando è stato fondato l'Orto botanico di Padova?", 1);
  },
};

export const SeveralIndexes: Story = {
  args: {
    indexes: [
      { name: "gardenroute-demo", label: "Garden Route" },
      { name: "gardenroute-500-2025", label: "Consigliato (500 documenti)" },
    ],
  },
};

export const NoIndex: Story = { args: { indexes: [] } };

/** spec 001 §2: the banner from 90 % of the context. */
export const WithContextWarning: Story = {
  render: (args) => (
    <>
      <ContextWarning usage={93} onDismiss={() => {}} />
      <RagEmptyState {...args} />
    </>
  ),
};
