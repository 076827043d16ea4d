import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import type { DebateMode } from "../rules";
import { DebateStart } from "./debate-start";

type StartProps = {
  initialTab?: DebateMode;
  initialTheses?: [string, string];
  initialThesis?: string;
  onStart: () => void;
  onSynthesis: () => void;
  onChallenge: () => void;
};

/** The start screen with its inputs held, as the debate screen holds them. */
function Start({ initialTab = "debate", initialTheses = ["", ""], initialThesis = "", onStart, onSynthesis, onChallenge }: StartProps) {
  const [tab, setTab] = useState<DebateMode>(initialTab);
  const [theses, setTheses] = useState<[string, string]>(initialTheses);
  const [thesis, setThesis] = useState(initialThesis);
  return (
    <DebateStart
      tab={tab}
      onTabChange={setTab}
      theses={theses}
      onThesesChange={setTheses}
      thesis={thesis}
      onThesisChange={setThesis}
      settings={{ length: 20, models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" } }}
      onStart={onStart}
      onSynthesis={onSynthesis}
      onChallenge={onChallenge}
    />
  );
}

const meta = {
  title: "debate-engine/DebateStart",
  component: Start,
  args: { onStart: fn(), onSynthesis: fn(), onChallenge: fn() },
} satisfies Meta<typeof Start>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithPreview: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi A (a favore)" }), "Il lavoro da remoto rende più produttivi");
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi B (contro)" }), "Il lavoro in ufficio rende più produttivi");
    await expect(canvas.getByRole("region", { name: "Chi difende cosa" })).toHaveTextContent("«Il lavoro in ufficio rende più produttivi»");
    await userEvent.click(canvas.getByRole("button", { name: "Avvia Dibattito" }));
    await expect(args.onStart).toHaveBeenCalled();
  },
};
export const SynthesisTab: Story = { args: { initialTab: "synthesis", initialTheses: ["Il treno", "L'aereo"] } };
export const SynthesisWithoutTopic: Story = { args: { initialTab: "synthesis" } };
export const ChallengeTab: Story = {
  args: { initialTab: "challenge", initialThesis: "L'intelligenza artificiale sostituirà gli insegnanti" },
};
