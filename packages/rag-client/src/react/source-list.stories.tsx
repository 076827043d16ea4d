import type { Meta, StoryObj } from "@storybook/react-vite";
import { shownSources } from "../citations";
import { normalizeSources } from "../rag-conversation";
import { storySources } from "../testing/story-world";
import { SourceList } from "./source-list";

// What an answer lists: its sources with an http(s) address (spec 001 §5).
const sources = shownSources(normalizeSources(storySources.map((source, index) => (index < 2 ? { ...source, confidence: [0.86, 0.41][index] } : source))));

const meta = {
  title: "rag-client/SourceList",
  component: SourceList,
  args: { messageId: "storia", sources, cited: new Set([1, 2]) },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof SourceList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Cited sources with their citation check; the passage not cited folded under them. */
export const CitedAndConsulted: Story = {};

/** An answer that cites nothing: every passage it was written from. */
export const NothingCited: Story = { args: { cited: new Set() } };
