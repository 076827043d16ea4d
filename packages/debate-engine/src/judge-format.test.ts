import { expect, test } from "vitest";
import { formatJudgeRun, JudgeFormatError, parseJudgeRun, type JudgeRunReport } from "./judge-format";

const side = (score: number | null, quote: string | null) => ({
  criteria: {
    logica: { score, motivation: "Ragiona con ordine." },
    prove: { score, motivation: "Porta due dati." },
    persuasivita: { score, motivation: "Convince a metà." },
    replica: { score, motivation: "Risponde alle domande." },
  },
  strongest: quote,
  weakest: quote,
});

test("what the offline judge writes, the parser reads back", () => {
  const report: JudgeRunReport = {
    offlineNote: "Nessun modello collegato.",
    sides: { 1: side(7, "Il treno porta in centro"), 2: side(null, null) },
    verdict: "tie",
  };
  expect(parseJudgeRun(formatJudgeRun(report))).toEqual(report);
});

test("a model's answer in its own markup is read: bold, hashes, '/10', decimals, quotes", () => {
  const answer = [
    "Ecco la mia valutazione.",
    "**Lato 1**",
    "- **Logica**: 8/10 — Argomenti coerenti.",
    "- **Prove**: 6,5 - Pochi dati.",
    "- **Persuasività**: 7: Chiaro.",
    "- **Replica**: 9 | Risponde sempre.",
    '- **Argomento più forte**: "Il treno porta in centro città"',
    "- **Argomento più debole**: «Costa meno»",
    "### Lato 2:",
    "Logica: 5 — Salta dei passaggi.",
    "Prove: 4 — Nessun dato.",
    "Persuasivita: 6 — Tono efficace.",
    "Replica: 3 — Ignora le domande.",
    "Argomento più forte: «L'aereo è rapido»",
    "Argomento più debole: n.d.",
    "## Verdetto",
    "**Vincitore: Lato 1**",
  ].join("\n");
  const report = parseJudgeRun(answer);
  expect(report.verdict).toBe(1);
  expect(report.offlineNote).toBeNull();
  expect(report.sides[1].criteria).toEqual({
    logica: { score: 8, motivation: "Argomenti coerenti." },
    prove: { score: 6.5, motivation: "Pochi dati." },
    persuasivita: { score: 7, motivation: "Chiaro." },
    replica: { score: 9, motivation: "Risponde sempre." },
  });
  expect(report.sides[1].strongest).toBe("Il treno porta in centro città");
  expect(report.sides[1].weakest).toBe("Costa meno");
  expect(report.sides[2].criteria.persuasivita.score).toBe(6);
  expect(report.sides[2].weakest).toBeNull();
});

test("a verdict on a line of its own counts, 'Parità' included", () => {
  const body = formatJudgeRun({ offlineNote: null, sides: { 1: side(5, "a"), 2: side(5, "b") }, verdict: 2 }).replace(
    /## Verdetto\nVincitore: Lato 2/,
    "Verdetto: Parità",
  );
  expect(parseJudgeRun(body).verdict).toBe("tie");
});

test("a missing side, criterion or verdict, or a score off 1–10, is a format error", () => {
  const good = formatJudgeRun({ offlineNote: null, sides: { 1: side(5, "a"), 2: side(5, "b") }, verdict: 1 });
  for (const broken of [
    good.replace("## Lato 2", "## Altro"),
    good.replace(/Replica: 5 — Risponde alle domande\.\n(?=Argomento più forte: «b»)/, ""),
    good.replace(/## Verdetto\nVincitore: Lato 1/, ""),
    good.replace("Logica: 5", "Logica: 11"),
    "Il dibattito è stato interessante.",
  ]) {
    expect(() => parseJudgeRun(broken)).toThrow(JudgeFormatError);
  }
});
