import { createReadAloud } from "@oystar/chat-core";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import type { DebateSpeech } from "../debate-state";
import { DebateBubble, StreamingBubble } from "./debate-bubble";

const speech = (speaker: "A" | "B", phase: DebateSpeech["phase"], turn: number, content: string): DebateSpeech => ({
  id: `${speaker}${turn}`,
  speaker,
  model: speaker === "A" ? "openai/gpt-oss-120b" : "openai/gpt-oss-20b",
  phase,
  turn,
  content,
});

const meta = {
  title: "debate-engine/DebateBubble",
  component: DebateBubble,
  decorators: [
    (Story) => (
      <ol className="debate-transcript__list">
        <Story />
      </ol>
    ),
  ],
  args: {
    speech: speech("A", "opposizione", 0, "Il treno porta **in centro città** senza controlli di sicurezza: si guadagna un'ora. Quali prove porti per sostenere il contrario?"),
    readAloud: createReadAloud(undefined, undefined),
    onNotice: fn(),
  },
} satisfies Meta<typeof DebateBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OpposizioneModelA: Story = {};
export const RiflessioneModelB: Story = {
  args: { speech: speech("B", "riflessione", 3, "Riconosco che il treno ha un punto valido, ma sulle lunghe distanze l'aereo resta imbattibile. In quali condizioni rivedresti la tua posizione?") },
};
export const SintesiModelA: Story = {
  args: { speech: speech("A", "sintesi", 4, "Propongo il treno sotto i 600 km e l'aereo oltre, con un biglietto unico:\n\n1. tratte brevi in treno;\n2. voli solo per le lunghe distanze.\n\nSei d'accordo?") },
};

/** The turn being written, with the blinking cursor. */
export const Streaming: StoryObj<typeof StreamingBubble> = {
  render: () => <StreamingBubble speaker="B" model="openai/gpt-oss-20b" phase="opposizione" turn={1} text="L'aereo collega Milano e Roma in un'ora: " />,
};
