import type { Speaker } from "./rules";

// spec 001 §4: the synthesis mode "analyses the last third of the messages and produces an
// introduction, three final syntheses (only the first with a full operational plan) and
// conclusions". The analysis is asked for in fixed sections; this module owns that text format
// (the prompt that asks for it, the writer the offline model uses, the parser the client uses).

export type SynthesisProposal = { title: string; text: string };

/** What the analysis produces: plain data the screen and the PDF render. */
export type SynthesisAnalysis = {
  introduction: string;
  /** Three syntheses; the first carries the operational plan, as numbered steps. */
  syntheses: readonly [SynthesisProposal & { plan: string[] }, SynthesisProposal, SynthesisProposal];
  conclusions: string;
};

const HEADINGS = {
  introduction: "Introduzione",
  synthesis: "Sintesi",
  plan: "Piano operativo",
  conclusions: "Conclusioni",
} as const;

export function analysisPrompt({ topic, options }: { topic: string; options: Record<Speaker, string> }): string {
  return [
    `Sei un analista imparziale. Ti viene dato l'ultimo terzo di un dibattito tra due modelli sul tema «${topic}»: il Modello A sosteneva «${options.A}», il Modello B «${options.B}».`,
    "Scrivi in italiano, senza emoticon, un'analisi con esattamente queste sezioni, ciascuna introdotta dal suo titolo su una riga a sé:",
    `## ${HEADINGS.introduction} — il tema e le due posizioni in poche frasi.`,
    `## ${HEADINGS.synthesis} 1: <titolo> — la sintesi più solida, in un paragrafo, seguita da:`,
    `### ${HEADINGS.plan} — un piano operativo completo: un elenco numerato di passi concreti, ciascuno con chi lo fa, che cosa e quando.`,
    `## ${HEADINGS.synthesis} 2: <titolo> — una sintesi alternativa, in un paragrafo, senza piano.`,
    `## ${HEADINGS.synthesis} 3: <titolo> — una terza sintesi, in un paragrafo, senza piano.`,
    `## ${HEADINGS.conclusions} — che cosa resta aperto e che cosa conviene fare per primo.`,
  ].join("\n");
}

export const ANALYSIS_INSTRUCTION = "Scrivi ora l'analisi, con le sezioni e i titoli indicati.";

/** The analysis as the prompt asks for it (the offline model writes its answer with this). */
export function formatSynthesisAnalysis(analysis: SynthesisAnalysis): string {
  const [first, second, third] = analysis.syntheses;
  return [
    `## ${HEADINGS.introduction}`,
    analysis.introduction,
    `## ${HEADINGS.synthesis} 1: ${first.title}`,
    first.text,
    `### ${HEADINGS.plan}`,
    first.plan.map((step, index) => `${index + 1}. ${step}`).join("\n"),
    `## ${HEADINGS.synthesis} 2: ${second.title}`,
    second.text,
    `## ${HEADINGS.synthesis} 3: ${third.title}`,
    third.text,
    `## ${HEADINGS.conclusions}`,
    analysis.conclusions,
  ].join("\n\n");
}

export class SynthesisFormatError extends Error {
  override name = "SynthesisFormatError";
}

type Section = { key: "introduction" | "conclusions" | "plan" | 1 | 2 | 3; title: string; lines: string[] };

/**
 * A heading line: `## Sintesi 2: Titolo`, `**Introduzione**`, `Conclusioni:` … Models vary the
 * markup, so the hashes and bold are optional; without them the line must be short, so that a
 * sentence beginning with "Conclusioni" is not taken for a heading.
 */
const HEADING =
  /^\s*(#{1,4}\s*)?(\*\*)?\s*(introduzione|conclusioni|piano operativo|sintesi\s*([123]))\b\s*[:.\-–—]?\s*(.*?)\s*(?:\*\*)?\s*:?\s*$/i;
const LIST_ITEM = /^\s*(?:\d+[.)]|[-*•])\s+(.*\S)\s*$/;

function headingOf(line: string): Omit<Section, "lines"> | null {
  const match = HEADING.exec(line);
  if (!match) return null;
  const marked = Boolean(match[1] || match[2]);
  if (!marked && line.trim().length > 80) return null;
  const word = (match[3] ?? "").toLowerCase();
  const title = (match[5] ?? "").replace(/\*\*/g, "").trim();
  if (word === "introduzione") return { key: "introduction", title };
  if (word === "conclusioni") return { key: "conclusions", title };
  if (word === "piano operativo") return { key: "plan", title };
  return { key: Number(match[4]) as 1 | 2 | 3, title };
}

const paragraph = (lines: readonly string[]) =>
  lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/**
 * The structured result of an analysis answer. Throws SynthesisFormatError when a section is
 * missing: the screen then says 'Errore durante l'analisi del dibattito'.
 */
export function parseSynthesisAnalysis(text: string): SynthesisAnalysis {
  const sections: Section[] = [];
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const heading = headingOf(line);
    const current = sections.at(-1);
    // Only the first synthesis has a plan; a plan heading elsewhere is just text of its section.
    if (heading && !(heading.key === "plan" && current?.key !== 1)) sections.push({ ...heading, lines: [] });
    else current?.lines.push(line);
  }
  const find = (key: Section["key"]) => sections.find((section) => section.key === key);
  const proposal = (n: 1 | 2 | 3): SynthesisProposal => {
    const section = find(n);
    const body = paragraph(section?.lines ?? []);
    if (!section || !body) throw new SynthesisFormatError(`Sezione mancante: ${HEADINGS.synthesis} ${n}`);
    return { title: section.title || `${HEADINGS.synthesis} ${n}`, text: body };
  };
  const required = (key: "introduction" | "conclusions") => {
    const body = paragraph(find(key)?.lines ?? []);
    if (!body) throw new SynthesisFormatError(`Sezione mancante: ${HEADINGS[key]}`);
    return body;
  };
  const planLines = find("plan")?.lines ?? [];
  const plan = planLines.flatMap((line) => {
    const item = LIST_ITEM.exec(line);
    return item?.[1] ? [item[1]] : [];
  });
  return {
    introduction: required("introduction"),
    syntheses: [{ ...proposal(1), plan }, proposal(2), proposal(3)],
    conclusions: required("conclusions"),
  };
}
