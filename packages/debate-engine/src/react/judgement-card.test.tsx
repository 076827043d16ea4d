import { render, screen, within } from "@testing-library/react";
import { expect, test } from "vitest";
import type { Scorecard, ScoredSide } from "../scorecard";
import { JudgementCard } from "./judgement-card";

// issue 36 §1, issue 52 §1: offline, the judge gives no score ('n.d.' with why) and no winner;
// with a model, the verdict follows from the scores shown by the rule said under it.

const counted: ScoredSide = {
  criteria: {
    logica: { score: null, motivation: "Non valutabile senza un modello linguistico." },
    prove: {
      score: null,
      motivation: "Non valutabile senza un modello linguistico. Il dibattito non si basa su documenti: nessuna citazione da contare.",
    },
    persuasivita: { score: null, motivation: "Non valutabile senza un modello linguistico." },
    replica: {
      score: null,
      motivation:
        "Non valutabile senza un modello linguistico. Riprende la domanda del turno precedente in 2 turni su 3 (conteggio sulle parole usate).",
    },
  },
  strongest: null,
  weakest: null,
};

const offline: Scorecard = {
  judge: "oystar-offline",
  offline: true,
  note: "Modello dimostrativo offline: nessun modello linguistico è collegato, quindi non dà voti.",
  sides: { A: counted, B: counted },
  verdict: null,
  runs: [null, null],
  agreement: null,
  judgeArgued: [],
};

const scored = (scores: [number, number, number, number | null]): ScoredSide => ({
  criteria: {
    logica: { score: scores[0], motivation: "l" },
    prove: { score: scores[1], motivation: "p" },
    persuasivita: { score: scores[2], motivation: "s" },
    replica: { score: scores[3], motivation: "r" },
  },
  strongest: null,
  weakest: null,
});

test("the offline judge scores nothing: 'n.d.' on every criterion with why, what it counted said in words, and no winner", () => {
  render(<JudgementCard judgement={{ status: "done", scorecard: offline }} models={{ A: "Lato A", B: "Lato B" }} />);
  const card = screen.getByRole("region", { name: "Valutazione del giudice" });
  expect(card).toHaveTextContent("Verdetto: Nessun vincitore");
  expect(card).toHaveTextContent("Nessun criterio ha un voto per entrambi i lati: il verdetto non si può calcolare dai voti.");
  expect(card).toHaveTextContent("Il modello dimostrativo offline non dà voti");
  expect(card.textContent).not.toMatch(/Vince il Lato|Parità|Accordo tra le due letture|Prima lettura|\/10/);
  for (const table of within(card).getAllByRole("table")) {
    const replica = within(table).getByRole("rowheader", { name: "Replica" }).closest("tr")!;
    expect(within(replica).getByText("n.d.")).toBeVisible();
    expect(replica).toHaveTextContent("Riprende la domanda del turno precedente in 2 turni su 3");
  }
});

test("a model's judge: the verdict the scores give, the rule and the totals under it, then the readings' agreement", () => {
  render(
    <JudgementCard
      judgement={{
        status: "done",
        scorecard: {
          ...offline,
          judge: "llama-3.3-70b-versatile",
          offline: false,
          note: null,
          sides: { A: scored([8, 7, 8, 9]), B: scored([6, 6, 7, 5]) },
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
  expect(card).toHaveTextContent("Regola: si sommano i voti dei criteri valutati per entrambi i lati");
  expect(card).toHaveTextContent("Totale: Lato A 32/40, Lato B 24/40.");
  expect(card).toHaveTextContent("Accordo tra le due letture: alto.");
  expect(card).not.toHaveTextContent("Nessun vincitore");
});

test("a card kept before the rule, whose stored verdict the scores contradict, shows what the scores give", () => {
  // Issue 52: 'Replica 9/10' for one side, '4/10' for the other, and a stored 'no winner'.
  render(
    <JudgementCard
      judgement={{
        status: "done",
        scorecard: { ...offline, offline: false, note: null, judge: "j", sides: { A: scored([6, 6, 6, 9]), B: scored([6, 6, 6, 4]) } },
      }}
      models={{ A: "a", B: "b" }}
    />,
  );
  const card = screen.getByRole("region", { name: "Valutazione del giudice" });
  expect(card).toHaveTextContent("Verdetto: Vince il Lato A");
  expect(card).toHaveTextContent("Totale: Lato A 27/40, Lato B 22/40.");
});
