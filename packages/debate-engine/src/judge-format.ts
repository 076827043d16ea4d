// issue 26 §1: what one run of the judge answers, as a fixed text format — this module owns it
// (the writer the offline judge uses, the parser the client and the server read answers with),
// as synthesis.ts owns the analysis's. The judge sees the sides only as 'Lato 1' and 'Lato 2'.

export const JUDGE_CRITERIA = ["logica", "prove", "persuasivita", "replica"] as const;
export type JudgeCriterion = (typeof JUDGE_CRITERIA)[number];

/** The criteria as the judge and the user read them. */
export const CRITERION_LABELS: Record<JudgeCriterion, string> = {
  logica: "Logica",
  prove: "Prove",
  persuasivita: "Persuasività",
  replica: "Replica",
};

export const SCORE_RANGE = { min: 1, max: 10 } as const;

/** A score of 1–10, or null where nothing could be judged (the offline judge's 'n.d.'). */
export type CriterionScore = { score: number | null; motivation: string };

export type JudgedSide = {
  criteria: Record<JudgeCriterion, CriterionScore>;
  /** The side's strongest and weakest argument, quoted; null where none was given ('n.d.'). */
  strongest: string | null;
  weakest: string | null;
};

/** 'Lato 1' and 'Lato 2': which real side each is depends on the run (firstSideOfRun). */
export type Lato = 1 | 2;
export type LatoVerdict = Lato | "tie";

export type JudgeRunReport = {
  /** Set by the offline judge only: what it says of itself (it never poses as a model). */
  offlineNote: string | null;
  sides: Record<Lato, JudgedSide>;
  /**
   * null: no verdict — the offline judge's only answer (issue 36 §1: it cannot judge logic,
   * evidence or persuasiveness, so it names no winner). A model's answer always has one.
   */
  verdict: LatoVerdict | null;
};

const HEADINGS = { side: (lato: Lato) => `Lato ${lato}`, verdict: "Verdetto", offline: "Giudice offline" } as const;
const NOT_AVAILABLE = "n.d.";
const LABELS = {
  strongest: "Argomento più forte",
  weakest: "Argomento più debole",
  winner: "Vincitore",
  tie: "Parità",
  none: "Nessun vincitore",
} as const;
/** The offline judge's verdict line: no winner, and why. */
const NO_WINNER = /^\s*(?:\*\*)?\s*nessun vincitore\b/i;

/** The format as the prompt asks for it: the judge's instructions quote this. */
export const JUDGE_FORMAT_EXAMPLE = [
  `## ${HEADINGS.side(1)}`,
  ...JUDGE_CRITERIA.map((criterion) => `${CRITERION_LABELS[criterion]}: <voto da 1 a 10> — <una frase di motivazione>`),
  `${LABELS.strongest}: «<citazione testuale dal Lato 1>»`,
  `${LABELS.weakest}: «<citazione testuale dal Lato 1>»`,
  `## ${HEADINGS.side(2)}`,
  "(le stesse righe per il Lato 2)",
  `## ${HEADINGS.verdict}`,
  `${LABELS.winner}: Lato 1 | Lato 2 | ${LABELS.tie}`,
].join("\n");

const scoreText = (score: number | null) => (score === null ? NOT_AVAILABLE : String(score));
const quoteText = (quote: string | null) => (quote === null ? NOT_AVAILABLE : `«${quote}»`);

/** A run as the format writes it (the offline judge answers with this). */
export function formatJudgeRun(report: JudgeRunReport): string {
  const side = (lato: Lato) => {
    const judged = report.sides[lato];
    return [
      `## ${HEADINGS.side(lato)}`,
      ...JUDGE_CRITERIA.map(
        (criterion) =>
          `${CRITERION_LABELS[criterion]}: ${scoreText(judged.criteria[criterion].score)} — ${judged.criteria[criterion].motivation}`,
      ),
      `${LABELS.strongest}: ${quoteText(judged.strongest)}`,
      `${LABELS.weakest}: ${quoteText(judged.weakest)}`,
    ].join("\n");
  };
  const verdict = report.verdict === null ? LABELS.none : report.verdict === "tie" ? LABELS.tie : HEADINGS.side(report.verdict);
  return [
    ...(report.offlineNote === null ? [] : [`## ${HEADINGS.offline}\n${report.offlineNote}`]),
    side(1),
    side(2),
    report.verdict === null ? `## ${HEADINGS.verdict}\n${verdict}` : `## ${HEADINGS.verdict}\n${LABELS.winner}: ${verdict}`,
  ].join("\n\n");
}

export class JudgeFormatError extends Error {
  override name = "JudgeFormatError";
}

type SectionKey = Lato | "verdict" | "offline";

/** A heading: `## Lato 1`, `**Lato 2**`, `Verdetto:` … (models vary the markup). */
const HEADING = /^\s*(?:#{1,4}\s*)?(?:\*\*)?\s*(lato\s*([12])|verdetto|giudice offline)\s*(?:\*\*)?\s*:?\s*(?:\*\*)?\s*$/i;
/** `Logica: 7 — motivazione`, `- **Prove**: 6/10: …`, `Replica: n.d. — …`. */
const CRITERION =
  /^\s*[-*•]?\s*(?:\*\*)?\s*(logica|prove|persuasivit[àa]|replica)\s*(?:\*\*)?\s*:\s*(?:\*\*)?\s*(\d{1,2}(?:[.,]\d+)?|n\.?\s?d\.?)\s*(?:\/\s*10)?\s*(?:\*\*)?\s*(?:[—–\-:|.]\s*)?(.*)$/i;
const QUOTE = /^\s*[-*•]?\s*(?:\*\*)?\s*argomento più (forte|debole)\s*(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.*?)\s*$/i;
const VERDICT = /\b(lato\s*([12])|parit[àa])(?![\p{L}\p{N}])/iu;
/** A verdict on a line of its own, wherever it is: `Verdetto: Lato 2`, `**Vincitore**: Parità`. */
const VERDICT_LINE = /^\s*(?:#{1,4}\s*)?(?:\*\*)?\s*(?:verdetto|vincitore)\b[^\n]*?\b(lato\s*([12])|parit[àa])(?![\p{L}\p{N}])/iu;

const criterionKey = (word: string): JudgeCriterion => {
  const lower = word.toLowerCase();
  return lower.startsWith("persuasivit") ? "persuasivita" : (lower as JudgeCriterion);
};

/** A score as written: 1–10 (a decimal is rounded to the half point), or n.d. */
function scoreOf(written: string): number | null {
  if (/^n/i.test(written)) return null;
  const value = Number(written.replace(",", "."));
  if (!Number.isFinite(value) || value < SCORE_RANGE.min || value > SCORE_RANGE.max)
    throw new JudgeFormatError(`Voto fuori scala: ${written}`);
  return Math.round(value * 2) / 2;
}

/** A quoted argument without its quotation marks; 'n.d.' or nothing is no quote. */
function quoteOf(written: string): string | null {
  const text = written
    .replace(/\*\*/g, "")
    .trim()
    .replace(/^[«"“”'‘’]+|[»"“”'‘’]+$/g, "")
    .trim();
  return text === "" || /^n\.?\s?d\.?$/i.test(text) ? null : text;
}

function judgedSide(lato: Lato, lines: readonly string[]): JudgedSide {
  const criteria: Partial<Record<JudgeCriterion, CriterionScore>> = {};
  let strongest: string | null = null;
  let weakest: string | null = null;
  for (const line of lines) {
    const criterion = CRITERION.exec(line);
    if (criterion?.[1] && criterion[2]) {
      const key = criterionKey(criterion[1]);
      criteria[key] ??= { score: scoreOf(criterion[2]), motivation: (criterion[3] ?? "").replace(/\*\*/g, "").trim() };
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote?.[1]) {
      if (quote[1].toLowerCase() === "forte") strongest ??= quoteOf(quote[2] ?? "");
      else weakest ??= quoteOf(quote[2] ?? "");
    }
  }
  for (const criterion of JUDGE_CRITERIA) {
    if (!criteria[criterion]) throw new JudgeFormatError(`Criterio mancante per il Lato ${lato}: ${CRITERION_LABELS[criterion]}`);
  }
  return { criteria: criteria as Record<JudgeCriterion, CriterionScore>, strongest, weakest };
}

/**
 * One run's report from its answer. Throws JudgeFormatError when a side, a criterion or the
 * verdict is missing, or a score is out of 1–10: the screen then shows its error card.
 */
export function parseJudgeRun(text: string): JudgeRunReport {
  const sections: Array<{ key: SectionKey; lines: string[] }> = [];
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const heading = HEADING.exec(line);
    if (heading?.[1]) {
      const word = heading[1].toLowerCase();
      const key: SectionKey = heading[2] ? (Number(heading[2]) as Lato) : word === "verdetto" ? "verdict" : "offline";
      sections.push({ key, lines: [] });
    } else {
      sections.at(-1)?.lines.push(line);
    }
  }
  const linesOf = (key: SectionKey) => sections.find((section) => section.key === key)?.lines;
  const side = (lato: Lato) => {
    const lines = linesOf(lato);
    if (!lines) throw new JudgeFormatError(`Sezione mancante: Lato ${lato}`);
    return judgedSide(lato, lines);
  };
  const offline = linesOf("offline");
  const offlineNote = offline ? offline.join("\n").trim() : null;
  // Only the offline judge may name no winner (issue 36 §1); a model that does has not answered.
  if (offline && (linesOf("verdict") ?? []).some((line) => NO_WINNER.test(line))) {
    return { offlineNote, sides: { 1: side(1), 2: side(2) }, verdict: null };
  }
  const said =
    (linesOf("verdict") ?? []).map((line) => VERDICT.exec(line)).find(Boolean) ??
    text
      .split("\n")
      .map((line) => VERDICT_LINE.exec(line))
      .find(Boolean);
  if (!said) throw new JudgeFormatError("Verdetto mancante");
  const verdict: LatoVerdict = said[2] ? (Number(said[2]) as Lato) : "tie";
  return { offlineNote, sides: { 1: side(1), 2: side(2) }, verdict };
}
