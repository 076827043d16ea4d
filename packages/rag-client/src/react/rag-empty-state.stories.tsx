import type { Meta, StoryObj } from "@storybook/react-vite";
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
