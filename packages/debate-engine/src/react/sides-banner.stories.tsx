import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SidesBanner } from "./sides-banner";

const meta = {
  title: "debate-engine/SidesBanner",
  component: SidesBanner,
  args: {
    options: { A: "Il lavoro da remoto rende più produttivi", B: "Il lavoro in ufficio rende più produttivi" },
    models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
    label: "Chi difende cosa",
    verb: "difenderà",
  },
} satisfies Meta<typeof SidesBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** spec 001 §2: the start screen's preview of which option each model will defend. */
export const Preview: Story = {
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole("region", { name: "Chi difende cosa" });
    await expect(banner).toHaveTextContent("Modello A openai/gpt-oss-120b difenderà«Il lavoro da remoto rende più produttivi»");
    await expect(banner).toHaveTextContent("Modello B openai/gpt-oss-20b difenderà«Il lavoro in ufficio rende più produttivi»");
  },
};
/** The heading of a debate under way: the same sides, without the verb. */
export const DebateHeading: Story = { args: { label: "Il tema del dibattito", verb: undefined } };
/** SFIDA: Model B defends the negation of the thesis. */
export const Challenge: Story = {
  args: {
    options: {
      A: "L'intelligenza artificiale sostituirà gli insegnanti",
      B: "Non è vero che l'intelligenza artificiale sostituirà gli insegnanti",
    },
  },
};
/** Long theses wrap; nothing is cut. */
export const LongTheses: Story = {
  args: {
    options: {
      A: "Le città dovrebbero chiudere il centro storico alle auto private tutti i giorni, dalle sette del mattino alle nove di sera, con eccezioni solo per residenti e servizi",
      B: "Le città dovrebbero lasciare aperto il centro storico alle auto private e investire piuttosto in parcheggi di scambio e trasporto pubblico più frequente",
    },
  },
};
