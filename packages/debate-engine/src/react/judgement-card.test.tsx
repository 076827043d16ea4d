import { render, screen, within } from "@testing-library/react";
import { expect, test } from "vitest";
import type { Scorecard, ScoredSide } from "../scorecard";
import { JudgementCard } from "./judgement-card";

// issue 36 §1: offline, the judge shows what it measured and says why there is no winner.

const measured: ScoredSide = {
  criteria: {
    logica: { score: null, motivation: "Non misurabile senza un modello linguistico." },
    prove: {
      score: null,
      motivation: "Citazioni verificate: 0; il dibattito non si basa su documenti, quindi le prove non si possono contare.",
    },
    persuasivita: { score: null, motivation: "Non misurabile senza un modello linguistico." },
    replica: { score: 7, motivation: "Riprende la domanda del turno precedente in 2 turni su 3 (misura sulle parole usate)." },
  },
  strongest: null,
  weakest: null,
};

const offline: Scorecard = {
  judge: "oystar-offline",
  offline: true,
  note: "Modello dimostrativo offline: nessun modello linguistico è collegato.",
  sides: { A: measured, B: measured },
  verdict: null,
  runs: [null, null],
  agreement: null,
  judgeArgued: [],
};

test("the offline judge shows its measures and no winner, saying why", () => {
  render(<JudgementCard judgement={{ status: "done", scorecard: offline }} models={{ A: "Lato A", B: "Lato B" }} />);
  const card = screen.getByRole("region", { name: "Valutazione del giudice" });
  expect(card).toHaveTextContent("Verdetto: Nessun vincitore");
  expect(card).toHaveTextContent("Il modello dimostrativo offline non sa giudicare logica, prove e persuasività");
  expect(card.textContent).not.toMatch(/Vince il Lato|Parità|Accordo tra le due letture|Prima lettura/);
  // What it measured stays: Replica per side.
  for (const table of within(card).getAllByRole("table")) {
    expect(within(within(table).getByRole("rowheader", { name: "Replica" }).closest("tr")!).getByText("7/10")).toBeVisible();
  }
});

test("a model's judge still gives its verdict and agreement", () => {
  render(
    <JudgementCard
      judgement={{
        status: "done",
        scorecard: {
          ...offline,
          judge: "llama-3.3-70b-versatile",
          offline: false,
          note: null,
          verdict: "A",
          runs: ["A", "A"],
          agreement: "alta",
        },
      }}
      models={{ A: "a", B: "b" }}
    />,
  );
  const card = screen.getByRole("region", { name: "Valutazione del giudice" });
  expect(card).toHaveTextContent("Verdetto: Vince il Lato A");
  expect(card).toHaveTextContent("Accordo tra le due letture: alto.");
  expect(card).not.toHaveTextContent("Nessun vincitore");
});
