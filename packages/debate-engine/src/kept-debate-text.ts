import type { ChatMessage } from "@oystar/conversation";
import { documentPdf, type PdfBlock, type PdfDocument } from "@oystar/pdf-tools";
import { debatePdfDocument, debatePdfFileName, synthesisPdfDocument, synthesisPdfFileName } from "./debate-pdf";
import type { KeptDebateRecord } from "./debate-state";
import { debateMessages } from "./messages";
import { formatSynthesisAnalysis } from "./synthesis";

// Issue 35 §1: a kept debate as the device history reads it — its words as messages (the title is
// its topic, the search finds it by any of them), as Markdown and as the debate's own PDF. The
// Markdown is the PDF's document written out, so the two say the same.

const { feedback } = debateMessages;

/** The vote as a kept debate says it; null while no feedback was sent. */
export function voteText(kept: KeptDebateRecord): string | null {
  if ("synthesis" in kept || !kept.feedback) return null;
  return kept.feedback.vote ? feedback.voted(feedback.voteOptions[kept.feedback.vote]) : feedback.noVote;
}

/**
 * The debate's words as the history's messages: its topic first (the title), then each turn, the
 * synthesis, the judge's scorecard and the vote — everything the search should find.
 */
export function keptDebateMessages(kept: KeptDebateRecord): ChatMessage[] {
  const at = "synthesis" in kept ? kept.synthesis.createdAt : kept.debate.startedAt;
  const said = (id: string, content: string, role: ChatMessage["role"] = "assistant"): ChatMessage => ({
    id,
    role,
    content,
    timestamp: at,
  });
  if ("synthesis" in kept) return [said("topic", kept.synthesis.topic, "user"), said("synthesis", formatSynthesisAnalysis(kept.synthesis))];
  const document = debatePdfDocument(kept.debate, kept.messages, new Date(at), { offline: kept.offline });
  const turns = kept.messages.flatMap((message) => (message.card ? [] : [said(message.id, message.content)]));
  // The scorecard's blocks come after the turns' (and their sources), from its heading on.
  const scorecardFrom = document.blocks.findIndex((block) => block.kind === "heading" && block.text === debateMessages.judge.title);
  const vote = voteText(kept);
  return [
    said("topic", kept.debate.subject.topic, "user"),
    ...turns,
    ...(scorecardFrom >= 0 ? [said("judgement", blocksMarkdown(document.blocks.slice(scorecardFrom)))] : []),
    ...(vote ? [said("vote", vote)] : []),
  ];
}

function blocksMarkdown(blocks: readonly PdfBlock[]): string {
  const lines: string[] = [];
  for (const block of blocks) {
    if (block.kind === "heading") lines.push(`## ${block.text}`, "");
    else if (block.kind === "caption") lines.push(`### ${block.text}`, "");
    else if (block.kind === "list") lines.push(...block.items.map((item) => `- ${item}`), "");
    else if (block.kind === "paragraph" || block.kind === "markdown") lines.push(block.text, "");
  }
  return lines.join("\n").trimEnd();
}

/** The PDF's document of a kept debate, or of a synthesis. */
const documentOf = (kept: KeptDebateRecord, date: Date): PdfDocument =>
  "synthesis" in kept
    ? synthesisPdfDocument(kept.synthesis, date)
    : debatePdfDocument(kept.debate, kept.messages, date, { offline: kept.offline });

/** The kept debate as Markdown, under the title the user sees in the list. */
export function keptDebateMarkdown(kept: KeptDebateRecord, { title, date }: { title: string; date: Date }): string {
  const document = documentOf(kept, date);
  const when = date.toLocaleString("it-IT", { dateStyle: "long", timeStyle: "short" });
  const vote = voteText(kept);
  const lines = [
    `# ${title}`,
    "",
    `_${document.title} · ${when}_`,
    "",
    ...(document.subtitle ? [document.subtitle, ""] : []),
    blocksMarkdown(document.blocks),
    ...(vote ? ["", `## ${feedback.vote}`, "", vote] : []),
  ];
  return `${lines.join("\n").trimEnd()}\n`;
}

/** The kept debate's PDF, as 'SCARICA PDF' (or 'Scarica Sintesi') made it, and its file name. */
export async function keptDebatePdf(kept: KeptDebateRecord, date: Date): Promise<{ file: Blob; name: string }> {
  const file = await documentPdf(documentOf(kept, date));
  return { file, name: "synthesis" in kept ? synthesisPdfFileName(date) : debatePdfFileName(kept.debate.subject, date) };
}
