import { documentPdf, fileNamePart, isoDay, type PdfBlock, type PdfDocument } from "@oystar/pdf-tools";
import type { ActiveDebate, DebateMessage, DebateSynthesis } from "./debate-state";
import { debateMessages } from "./messages";
import { asMidSentence } from "./mid-sentence";
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

/** Every turn, in order, with its speaker and phase; a silent turn says the model did not answer. */
export function debatePdfDocument(debate: Pick<ActiveDebate, "subject" | "models" | "length">, messages: readonly DebateMessage[], date: Date): PdfDocument {
  const { subject, models, length } = debate;
  const blocks: PdfBlock[] = [];
  let played = 0;
  for (const message of messages) {
    if (message.turn === undefined || message.speaker === undefined || message.phase === undefined) continue;
    played += 1;
    blocks.push({ kind: "caption", text: pdf.turnCaption(message.turn + 1, message.speaker, debateMessages.phaseLabel[message.phase]) });
    blocks.push({ kind: "paragraph", text: message.card ? debateMessages.noResponseTitle : plain(message.content) });
  }
  return {
    title: subject.mode === "challenge" ? pdf.challengeTitle(subject.options.A) : pdf.debateTitle(subject.options.A, asMidSentence(subject.options.B)),
    subtitle: `${pdf.sides(models, subject.options)} ${pdf.length(played, length)}`,
    blocks,
    date,
    product: pdf.product,
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
    ...(first.plan.length > 0 ? [{ kind: "caption", text: words.plan } as const, { kind: "list", items: first.plan.map(plain) } as const] : []),
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
export const debatePdf = (debate: Pick<ActiveDebate, "subject" | "models" | "length">, messages: readonly DebateMessage[], date: Date) =>
  documentPdf(debatePdfDocument(debate, messages, date));

/** The synthesis as a PDF file (jspdf loads only now). */
export const synthesisPdf = (synthesis: DebateSynthesis, date: Date) => documentPdf(synthesisPdfDocument(synthesis, date));
