import { OFFLINE_MODEL_LABEL } from "@oystar/api-client";
import type { CitedPassage } from "@oystar/api-client";
import { documentPdf, fileNamePart, isoDay, type PdfBlock, type PdfDocument } from "@oystar/pdf-tools";
import type { ActiveDebate, DebateMessage, DebateSynthesis } from "./debate-state";
import { CRITERION_LABELS, JUDGE_CRITERIA } from "./judge-format";
import { debateMessages } from "./messages";
import { asMidSentence } from "./mid-sentence";
import { scorecardReckoning, scoreText, verdictExplanation, verdictText, type JudgedQuote, type Scorecard } from "./scorecard";
import type { DebateSubject } from "./topic";

// spec 001 §2, §9: 'SCARICA PDF' saves the debate, 'Scarica Sintesi' the synthesis, on the page
// every exported PDF shares (@oystar/pdf-tools). This module says what goes on it and the names.

const { pdf } = debateMessages;

/** Markdown emphasis and code marks read as noise on paper. */
const plain = (text: string) => text.replace(/(\*\*|__|`)/g, "").trim();

/** spec 001 §9: the debate PDF is named with both options and the date. */
export function debatePdfFileName(subject: Pick<DebateSubject, "options">, date: Date): string {
  return `OYSTAR_Debate_${fileNamePart(subject.options.A, 40) || "A"}_vs_${fileNamePart(subject.options.B, 40) || "B"}_${isoDay(date)}.pdf`;
}

/** spec 001 §9: the synthesis PDF is named by a pattern with the date. */
export const synthesisPdfFileName = (date: Date) => `OYSTAR_Sintesi_${isoDay(date)}.pdf`;

const quoteLine = (label: string, quote: JudgedQuote | null) =>
  `${label}: ${quote ? `«${plain(quote.text)}»${quote.found ? "" : ` ${debateMessages.judge.quoteNotFound}`}` : debateMessages.judge.notScored}`;

/** issue 26 §1: the judge's scorecard, after the turns — as on screen. */
function scorecardBlocks(scorecard: Scorecard, models: ActiveDebate["models"]): PdfBlock[] {
  const words = debateMessages.judge;
  const { verdict } = scorecardReckoning(scorecard);
  const blocks: PdfBlock[] = [
    { kind: "heading", text: words.title },
    { kind: "paragraph", text: scorecard.offline ? `${words.offlineBadge}. ${words.offlineLabel}` : words.judgedBy(scorecard.judge) },
    ...(scorecard.note ? [{ kind: "paragraph", text: scorecard.note } as const] : []),
    ...scorecard.judgeArgued.map((side) => ({ kind: "paragraph", text: words.judgeArgued(side) }) as const),
    // Issue 52 §1: the verdict the scores give, and the rule it follows, as on screen.
    { kind: "paragraph", text: `${words.verdict}: ${verdictText(verdict)}.` },
    ...verdictExplanation(scorecard).map((line) => ({ kind: "paragraph", text: line }) as const),
    ...(verdict === null
      ? scorecard.offline
        ? [{ kind: "paragraph", text: words.noWinnerReason } as const]
        : []
      : scorecard.agreement === null
        ? []
        : [
            { kind: "paragraph", text: words.agreement[scorecard.agreement] } as const,
            { kind: "paragraph", text: words.runs(verdictText(scorecard.runs[0]), verdictText(scorecard.runs[1])) } as const,
          ]),
  ];
  for (const side of ["A", "B"] as const) {
    const scored = scorecard.sides[side];
    // issue 36 §1: the offline model played both sides: no model name beside them.
    blocks.push({ kind: "caption", text: scorecard.offline ? words.side(side) : words.sideCaption(side, models[side]) });
    blocks.push({
      kind: "list",
      items: [
        ...JUDGE_CRITERIA.map((criterion) => {
          const { score, motivation } = scored.criteria[criterion];
          return `${CRITERION_LABELS[criterion]}: ${score === null ? words.notScored : words.outOfTen(scoreText(score))} — ${plain(motivation)}`;
        }),
        quoteLine(words.strongest, scored.strongest),
        quoteLine(words.weakest, scored.weakest),
      ],
    });
  }
  return blocks;
}

/**
 * Every turn, in order, with its speaker and phase; a silent turn says the model did not answer.
 * Then the judge's scorecard, once it is there.
 */
export function debatePdfDocument(
  debate: Pick<ActiveDebate, "subject" | "models" | "length">,
  messages: readonly DebateMessage[],
  date: Date,
  { offline = false }: { offline?: boolean } = {},
): PdfDocument {
  const { subject, models, length } = debate;
  const blocks: PdfBlock[] = [];
  const sources = debateSources();
  let played = 0;
  for (const message of messages) {
    if (message.turn === undefined || message.speaker === undefined || message.phase === undefined) continue;
    played += 1;
    blocks.push({
      kind: "caption",
      text: pdf.turnCaption(message.turn + 1, message.speaker, debateMessages.phaseLabel[message.phase], offline),
    });
    // Issue 50 §6: a turn's words drawn as they read, its [n] numbered across the debate.
    if (message.card) blocks.push({ kind: "paragraph", text: debateMessages.noResponseTitle });
    else blocks.push({ kind: "markdown", text: sources.renumber(message.content, message.evidence?.passages ?? []) });
  }
  blocks.push(...sources.blocks());
  for (const message of messages) {
    if (message.card?.kind === "judgement" && message.card.judgement.status === "done")
      blocks.push(...scorecardBlocks(message.card.judgement.scorecard, models));
  }
  return {
    title:
      subject.mode === "challenge"
        ? pdf.challengeTitle(subject.options.A)
        : pdf.debateTitle(subject.options.A, asMidSentence(subject.options.B)),
    subtitle: `${offline ? pdf.offlineSides(OFFLINE_MODEL_LABEL, subject.options) : pdf.sides(models, subject.options)} ${pdf.length(played, length)}`,
    blocks,
    date,
    product: pdf.product,
  };
}

/**
 * Issue 50 §6: each turn argued from documents numbers its passages from [1]; on paper one
 * number per passage across the whole debate, in the order first cited, and one 'Fonti' list at
 * the end (the document, and its page or place).
 */
function debateSources() {
  const numbers = new Map<string, number>();
  const listed: CitedPassage[] = [];
  return {
    renumber(text: string, passages: readonly CitedPassage[]): string {
      return text.replace(/\[(\d+)\]/g, (whole, cited: string) => {
        const passage = passages.find((candidate) => candidate.noteNumber === Number(cited));
        if (!passage) return whole;
        let number = numbers.get(passage.chunkId);
        if (number === undefined) {
          number = listed.push(passage);
          numbers.set(passage.chunkId, number);
        }
        return `[${number}]`;
      });
    },
    blocks(): PdfBlock[] {
      if (listed.length === 0) return [];
      const where = (passage: CitedPassage) => (passage.page !== null ? pdf.page(passage.page) : passage.place);
      return [
        { kind: "heading", text: pdf.sources },
        { kind: "list", items: listed.map((passage) => pdf.source(passage.title || passage.filename, where(passage))) },
      ];
    },
  };
}

/** The synthesis: introduction, three syntheses (the first with its operational plan), conclusions. */
export function synthesisPdfDocument(synthesis: DebateSynthesis, date: Date): PdfDocument {
  const words = debateMessages.synthesis;
  const [first, second, third] = synthesis.syntheses;
  const blocks: PdfBlock[] = [
    { kind: "heading", text: words.introduction },
    { kind: "paragraph", text: plain(synthesis.introduction) },
    { kind: "heading", text: words.synthesis(1, plain(first.title)) },
    { kind: "paragraph", text: plain(first.text) },
    ...(first.plan.length > 0
      ? [{ kind: "caption", text: words.plan } as const, { kind: "list", items: first.plan.map(plain) } as const]
      : []),
    { kind: "heading", text: words.synthesis(2, plain(second.title)) },
    { kind: "paragraph", text: plain(second.text) },
    { kind: "heading", text: words.synthesis(3, plain(third.title)) },
    { kind: "paragraph", text: plain(third.text) },
    { kind: "heading", text: words.conclusions },
    { kind: "paragraph", text: plain(synthesis.conclusions) },
  ];
  return {
    title: pdf.synthesisTitle,
    subtitle: `${words.topic(synthesis.topic)}. ${words.fromDebate(synthesis.length)}`,
    blocks,
    date,
    product: pdf.product,
  };
}

/** The debate as a PDF file (jspdf loads only now). */
export const debatePdf = (
  debate: Pick<ActiveDebate, "subject" | "models" | "length">,
  messages: readonly DebateMessage[],
  date: Date,
  options: { offline?: boolean } = {},
) => documentPdf(debatePdfDocument(debate, messages, date, options));

/** The synthesis as a PDF file (jspdf loads only now). */
export const synthesisPdf = (synthesis: DebateSynthesis, date: Date) => documentPdf(synthesisPdfDocument(synthesis, date));
