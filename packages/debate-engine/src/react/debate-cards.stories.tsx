import type { Meta, StoryObj } from "@storybook/react-vite";
import { DebateErrorCard, DebatesExceededCard, DebateStoppedCard, NoResponseCard } from "./debate-cards";

const meta = {
  title: "debate-engine/Cards",
  component: NoResponseCard,
  args: { speaker: "B", phase: "riflessione", turn: 3 },
} satisfies Meta<typeof NoResponseCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** spec 001 §2: LLM_NO_RESPONSE. */
export const NoResponse: Story = {};
/** spec 001 §8: QUOTA_EXCEEDED_DEBATES. */
export const DebatesExceeded: StoryObj<typeof DebatesExceededCard> = { render: () => <DebatesExceededCard /> };
/** spec 001 §8: '❌ Errore: {message}'. */
export const ErrorMessage: StoryObj<typeof DebateErrorCard> = {
  render: () => <DebateErrorCard message="❌ Errore: Il modello non è raggiungibile." />,
};
/** Issue 50 §7: STOP ended the debate; its turns stay above this card. */
export const Stopped: StoryObj<typeof DebateStoppedCard> = { render: () => <DebateStoppedCard turn={4} /> };
