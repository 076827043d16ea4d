import { expect, test } from "vitest";
import { debatePdf, debatePdfDocument, debatePdfFileName, synthesisPdfDocument, synthesisPdfFileName } from "./debate-pdf";
import type { DebateMessage, DebateSynthesis } from "./debate-state";
import type { Scorecard } from "./scorecard";
import { citedPassage } from "@oystar/conversation/testing";
import type { PdfBlock } from "@oystar/pdf-tools";

/** What a block says, whatever its kind. */
const said = (block: PdfBlock): string =>
  block.kind === "list"
    ? block.items.join(" | ")
    : block.kind === "rich"
      ? block.runs.map((run) => run.text).join("")
      : block.kind === "table"
        ? block.rows.map((row) => row.join(" | ")).join(" / ")
        : block.kind === "rule"
          ? "---"
          : block.text;

const date = new Date("2026-03-04T10:00:00Z");
const debate = {
  subject: {
    mode: "debate" as const,
    topic: "Il treno contro l'aereo",
    options: { A: "Il treno è più comodo", B: "L'aereo è più rapido" },
    customModels: {},
  },
  models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
  length: 6,
};
const messages: DebateMessage[] = [
  {
    id: "1",
    speaker: "A",
    model: "openai/gpt-oss-120b",
    content: "Il treno porta in **centro**. Che ne pensi?",
    phase: "opposizione",
    turn: 0,
  },
  { id: "2", card: { kind: "noResponse" }, speaker: "B", phase: "opposizione", turn: 1 },
  { id: "3", card: { kind: "error", message: "❌ Errore: rete" } },
  { id: "4", speaker: "A", model: "openai/gpt-oss-120b", content: "Propongo un confronto sui tempi reali.", phase: "riflessione", turn: 2 },
  { id: "5", card: { kind: "feedbackForm" } },
];

test("the debate PDF is named with both options and the date", () => {
  expect(debatePdfFileName(debate.subject, date)).toBe("OYSTAR_Debate_Il_treno_e_piu_comodo_vs_L_aereo_e_piu_rapido_2026-03-04.pdf");
  expect(debatePdfFileName({ options: { A: "«»", B: "Sì" } }, date)).toBe("OYSTAR_Debate_A_vs_Si_2026-03-04.pdf");
});

test("the synthesis PDF is named by its pattern with the date", () => {
  expect(synthesisPdfFileName(date)).toBe("OYSTAR_Sintesi_2026-03-04.pdf");
});

test("the debate PDF holds every turn in order with its speaker and phase; cards that are not turns stay out", () => {
  const document = debatePdfDocument(debate, messages, date);
  expect(document.title).toBe("OYSTAR Debate — Il treno è più comodo contro l'aereo è più rapido");
  expect(document.subtitle).toBe(
    "Modello A (openai/gpt-oss-120b): «Il treno è più comodo». Modello B (openai/gpt-oss-20b): «L'aereo è più rapido». 3 di 6 turni.",
  );
  expect(document.blocks).toEqual([
    { kind: "caption", text: "Turno 1 · Modello A · Opposizione" },
    // Issue 50 §6: its Markdown, drawn when the PDF is made (never printed as it is).
    { kind: "markdown", text: "Il treno porta in **centro**. Che ne pensi?" },
    { kind: "caption", text: "Turno 2 · Modello B · Opposizione" },
    { kind: "paragraph", text: "Il modello non ha risposto" },
    { kind: "caption", text: "Turno 3 · Modello A · Riflessione" },
    { kind: "markdown", text: "Propongo un confronto sui tempi reali." },
  ]);
  expect(document.product).toBe("OYSTAR Debate");
});

test("issue 26 §1: the judge's scorecard follows the turns — verdict, agreement, four criteria per side, quotes", () => {
  const criteria = (score: number | null) => ({
    logica: { score, motivation: "Coerente." },
    prove: { score, motivation: "Pochi dati." },
    persuasivita: { score, motivation: "Chiaro." },
    replica: { score: 7.5, motivation: "Risponde." },
  });
  const scorecard: Scorecard = {
    judge: "llama-3.3-70b-versatile",
    offline: false,
    note: null,
    sides: {
      A: {
        criteria: criteria(8),
        strongest: { text: "Il treno porta in centro", found: true },
        weakest: { text: "Costa meno", found: false },
      },
      B: { criteria: criteria(null), strongest: null, weakest: null },
    },
    verdict: "tie",
    runs: ["A", "B"],
    agreement: "bassa",
    judgeArgued: [],
  };
  const judged: DebateMessage[] = [
    ...messages.slice(0, 4),
    { id: "j", card: { kind: "judgement", judgement: { status: "done", scorecard } } },
    messages[4] as DebateMessage,
  ];
  const texts = debatePdfDocument(debate, judged, date).blocks.map(said);
  expect(texts.slice(6)).toEqual([
    "Valutazione del giudice",
    "Giudice: llama-3.3-70b-versatile, che legge i lati senza sapere quali modelli sono, due volte con l'ordine scambiato.",
    // Issue 52 §1: the verdict the scores give (only Replica is scored for both), the rule and the totals.
    "Verdetto: Parità.",
    "Regola: si sommano i voti dei criteri valutati per entrambi i lati (Replica); vince il lato con il totale più alto di almeno 1 punto, con uno scarto minore è Parità.",
    "Totale: Lato A 7,5/10, Lato B 7,5/10.",
    "Non contati perché senza voto per uno dei lati: Logica, Prove, Persuasività.",
    "Accordo tra le due letture: basso. Con l'ordine dei lati scambiato i voti danno vincitori diversi: il verdetto segue dalla media delle due letture.",
    "Prima lettura: Vince il Lato A. Seconda lettura, lati scambiati: Vince il Lato B.",
    "Lato A · openai/gpt-oss-120b",
    "Logica: 8/10 — Coerente. | Prove: 8/10 — Pochi dati. | Persuasività: 8/10 — Chiaro. | Replica: 7,5/10 — Risponde. | Argomento più forte: «Il treno porta in centro» | Argomento più debole: «Costa meno» (citazione non trovata negli interventi di questo lato)",
    "Lato B · openai/gpt-oss-20b",
    "Logica: n.d. — Coerente. | Prove: n.d. — Pochi dati. | Persuasività: n.d. — Chiaro. | Replica: 7,5/10 — Risponde. | Argomento più forte: n.d. | Argomento più debole: n.d.",
  ]);
  // A judgement still pending or failed adds nothing.
  const pending: DebateMessage[] = [
    ...messages.slice(0, 4),
    { id: "j", card: { kind: "judgement", judgement: { status: "pending", reports: [] } } },
  ];
  expect(debatePdfDocument(debate, pending, date).blocks).toHaveLength(6);
});

test("a challenge's PDF is titled by the thesis", () => {
  const challenge = {
    ...debate,
    subject: { ...debate.subject, mode: "challenge" as const, options: { A: "Il treno vince", B: "Non è vero che il treno vince" } },
  };
  expect(debatePdfDocument(challenge, messages, date).title).toBe("OYSTAR Debate — Sfida: Il treno vince");
});

test("the synthesis PDF: introduction, three syntheses with the first one's plan, conclusions", () => {
  const synthesis: DebateSynthesis = {
    topic: "Treno contro aereo",
    options: { A: "Treno", B: "Aereo" },
    length: 20,
    createdAt: date.getTime(),
    introduction: "Due mezzi a confronto.",
    syntheses: [
      { title: "Intermodalità", text: "Treno sotto i 600 km.", plan: ["Mappare le tratte", "Accordi con le compagnie"] },
      { title: "Costi", text: "Dipende dal prezzo." },
      { title: "Ambiente", text: "Il treno inquina meno." },
    ],
    conclusions: "Partire dalle tratte brevi.",
  };
  const document = synthesisPdfDocument(synthesis, date);
  expect(document.title).toBe("OYSTAR Debate — Sintesi");
  expect(document.subtitle).toBe("Tema: Treno contro aereo. Dall'analisi dell'ultimo terzo di un dibattito di 20 turni.");
  expect(document.blocks.map(said)).toEqual([
    "Introduzione",
    "Due mezzi a confronto.",
    "Sintesi 1: Intermodalità",
    "Treno sotto i 600 km.",
    "Piano operativo",
    "Mappare le tratte | Accordi con le compagnie",
    "Sintesi 2: Costi",
    "Dipende dal prezzo.",
    "Sintesi 3: Ambiente",
    "Il treno inquina meno.",
    "Conclusioni",
    "Partire dalle tratte brevi.",
  ]);
});

test("the debate PDF is a real PDF file", async () => {
  const blob = await debatePdf(debate, messages, date);
  expect(new TextDecoder().decode(new Uint8Array(await blob.slice(0, 5).arrayBuffer()))).toBe("%PDF-");
});

test("issue 36 §1: offline, the PDF names the sides 'Lato A' and 'Lato B', no model, the demonstration model once", () => {
  const document = debatePdfDocument(debate, messages, date, { offline: true });
  expect(document.subtitle).toBe(
    "Lato A: «Il treno è più comodo». Lato B: «L'aereo è più rapido». Entrambi scritti dal modello dimostrativo offline. 3 di 6 turni.",
  );
  expect(document.blocks[0]).toEqual({ kind: "caption", text: "Turno 1 · Lato A · Opposizione" });
  const everything = [document.subtitle, ...document.blocks.map(said)].join("\n");
  expect(everything).not.toMatch(/gpt-oss|Modello [AB]/);
});

test("issue 50 §6: a debate from documents numbers its sources once across the debate, with a 'Fonti' list at the end", () => {
  const boxwood = citedPassage({ noteNumber: 1, chunkId: "101", title: "Giardini storici", filename: "giardini.md" });
  const restoration = citedPassage({ noteNumber: 2, chunkId: "102", title: "Restauro", filename: "restauro.pdf", page: 3 });
  const slides = citedPassage({ noteNumber: 1, chunkId: "103", title: "Potature", filename: "potature.pptx", place: "Diapositiva 4" });
  const evidence = (passages: ReturnType<typeof citedPassage>[]) => ({ index: "giardini", passages, quotes: null, seal: null });
  const fromDocuments: DebateMessage[] = [
    {
      id: "1",
      speaker: "A",
      model: "m",
      content: "Il bosso regge [1], lo dice il restauro [2].",
      phase: "opposizione",
      turn: 0,
      evidence: evidence([boxwood, restoration]),
    },
    // The next turn's [1] and [2] are other passages, or the same ones under other numbers.
    {
      id: "2",
      speaker: "B",
      model: "m",
      content: "Le potature [1] contano più del restauro [2].",
      phase: "opposizione",
      turn: 1,
      evidence: evidence([slides, { ...restoration, noteNumber: 2 }]),
    },
  ];
  const texts = debatePdfDocument(debate, fromDocuments, date).blocks.map(said);
  expect(texts).toEqual([
    "Turno 1 · Modello A · Opposizione",
    "Il bosso regge [1], lo dice il restauro [2].",
    "Turno 2 · Modello B · Opposizione",
    "Le potature [3] contano più del restauro [2].",
    "Fonti",
    "Giardini storici | Restauro — pagina 3 | Potature — Diapositiva 4",
  ]);
});
