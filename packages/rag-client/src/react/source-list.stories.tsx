import type { Meta, StoryObj } from "@storybook/react-vite";
import { normalizeSources } from "../rag-conversation";
import { storySources } from "../testing/story-world";
import { SourceList } from "./source-list";

const sources = normalizeSources(storySources.map((source, index) => (index < 2 ? { ...source, confidence: [0.86, 0.41][index] } : source)));

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

/** Addresses that are not http(s) are shown, never linked (spec 001 §5). */
export const WithoutLinks: Story = {
  args: { sources: normalizeSources([{ noteNumber: 1, title: "Regolamento interno", url: "file:///srv/regolamento.pdf", filename: "regolamento.pdf", page: 12 }]), cited: new Set([1]) },
};
