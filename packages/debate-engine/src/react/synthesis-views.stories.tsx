import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { SynthesisProgressCard, SynthesisResult } from "./synthesis-views";

const meta = {
  title: "debate-engine/Synthesis",
  component: SynthesisProgressCard,
  args: { percent: 45, label: "9/20 turni completati", phaseText: "Dibattito nascosto: fase di riflessione", onStop: fn() },
} satisfies Meta<typeof SynthesisProgressCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Progress: Story = {};
export const Analysing: Story = {
  args: { percent: 100, label: "20/20 turni completati", phaseText: "Analisi dell'ultimo terzo del dibattito" },
};

export const Result: StoryObj<typeof SynthesisResult> = {
  render: () => (
    <SynthesisResult
      onDownload={fn()}
      synthesis={{
        topic: "Il treno contro l'aereo",
        options: { A: "Il treno", B: "L'aereo" },
        length: 20,
        createdAt: 0,
        introduction: "Il dibattito ha messo a confronto comodità e rapidità, con dati su tempi reali e costi.",
        syntheses: [
          {
            title: "Intermodalità",
            text: "Il treno sotto i **600 km**, l'aereo oltre, con un biglietto unico.",
            plan: [
              "Entro un mese: mappare le tratte sotto i 600 km.",
              "Entro tre mesi: accordi tra compagnie.",
              "Entro sei mesi: verifica degli indicatori.",
            ],
          },
          { title: "Prevale il treno", text: "Se i tempi porta a porta confermano il vantaggio del treno." },
          { title: "Prevale l'aereo", text: "Se i costi delle tratte lunghe restano più bassi in volo." },
        ],
        conclusions: "Resta aperto il nodo dei costi; conviene iniziare dalle tratte brevi.",
      }}
    />
  ),
};
