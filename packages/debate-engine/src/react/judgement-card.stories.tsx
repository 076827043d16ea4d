import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { Scorecard, ScoredSide } from "../scorecard";
import { JudgementCard } from "./judgement-card";

const side = (scores: [number | null, number | null, number | null, number | null], quotes: ScoredSide["strongest"][]): ScoredSide => ({
  criteria: {
    logica: { score: scores[0], motivation: "Il ragionamento regge, ma salta un passaggio sui costi di manutenzione." },
    prove: { score: scores[1], motivation: "Cita un dato sui tempi di viaggio, senza dire da dove viene." },
    persuasivita: { score: scores[2], motivation: "Chiaro e concreto, convince un lettore che non ha già un'opinione." },
    replica: { score: scores[3], motivation: "Risponde a quasi tutte le domande dell'altro lato." },
  },
  strongest: quotes[0] ?? null,
  weakest: quotes[1] ?? null,
});

const scorecard: Scorecard = {
  judge: "llama-3.3-70b-versatile",
  offline: false,
  note: null,
  sides: {
    A: side(
      [8, 6.5, 8, 9],
      [
        { text: "Il treno porta in centro città senza controlli, mentre l'aereo richiede ore prima di partire", found: true },
        { text: "costa sempre meno", found: true },
      ],
    ),
    B: side(
      [6, 5, 7, 5],
      [
        { text: "Sopra i 700 km l'aereo resta il mezzo più rapido", found: true },
        { text: "nessuno usa più il treno", found: false },
      ],
    ),
  },
  verdict: "A",
  runs: ["A", "A"],
  agreement: "alta",
  judgeArgued: [],
};

const models = { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" };

const meta = {
  title: "debate-engine/JudgementCard",
  component: JudgementCard,
  args: { judgement: { status: "done", scorecard }, models },
} satisfies Meta<typeof JudgementCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** issue 26 §1: the two runs agree — a winner, four criteria per side, the quoted arguments; issue 52 §1: the rule and the totals under the verdict. */
export const Verdict: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("region", { name: "Valutazione del giudice" });
    await expect(card).toHaveTextContent("Verdetto: Vince il Lato A");
    await expect(card).toHaveTextContent("Totale: Lato A 31,5/40, Lato B 23/40.");
    await expect(
      within(card)
        .getAllByRole("rowheader")
        .map((header) => header.textContent),
    ).toEqual(["Logica", "Prove", "Persuasività", "Replica", "Logica", "Prove", "Persuasività", "Replica"]);
    await expect(within(card).getByText("(citazione non trovata negli interventi di questo lato)", { exact: false })).toBeVisible();
  },
};

/** The two runs, the sides' order swapped, disagree and their scores even out: 'Parità', with the low agreement said. */
export const Disagreement: Story = {
  args: {
    judgement: {
      status: "done",
      scorecard: {
        ...scorecard,
        sides: { A: side([7, 6.5, 7, 7], []), B: side([7, 7, 7, 6.5], []) },
        verdict: "tie",
        runs: ["A", "B"],
        agreement: "bassa",
      },
    },
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("region", { name: "Valutazione del giudice" });
    await expect(card).toHaveTextContent("Verdetto: Parità");
    await expect(card).toHaveTextContent("Totale: Lato A 27,5/40, Lato B 27,5/40.");
  },
};

/** No model connected: the offline judge says so, scores nothing ('n.d.', what it counted in words) and names no winner (issues 36 §1, 52 §1). */
export const Offline: Story = {
  args: {
    judgement: {
      status: "done",
      scorecard: {
        ...scorecard,
        judge: "oystar-offline",
        offline: true,
        note: "Modello dimostrativo offline: nessun modello linguistico è collegato, quindi non dà voti. Logica, prove, persuasività e replica richiedono un lettore; sotto ogni criterio c'è solo ciò che si può contare nel testo.",
        verdict: null,
        runs: [null, null],
        agreement: null,
        sides: { A: side([null, null, null, null], []), B: side([null, null, null, null], []) },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("region", { name: "Valutazione del giudice" });
    await expect(card).toHaveTextContent("Verdetto: Nessun vincitore");
    await expect(card).toHaveTextContent("Il modello dimostrativo offline non dà voti");
    await expect(card).not.toHaveTextContent(/Vince il Lato|Accordo tra le due letture|Prima lettura|\/10/);
  },
};

/** The judge model argued one side: the card warns that it may not be impartial. */
export const JudgeArgued: Story = {
  args: {
    judgement: { status: "done", scorecard: { ...scorecard, judgeArgued: ["B"] } },
    models: { A: "openai/gpt-oss-120b", B: "llama-3.3-70b-versatile" },
  },
};

/** While the judge reads (its first of two runs). */
export const Pending: Story = { args: { judgement: { status: "pending", reports: [] } } };

/** An answer the format cannot read: the debate stays as it is. */
export const Failed: Story = { args: { judgement: { status: "failed", message: "La risposta del giudice non è nel formato atteso." } } };
