import { required } from "../../../required";
// The landmarks our reading texts carry (issue 34): a presentation's «Diapositiva N», a
// workbook's «Foglio «nome»», an e-mail's «Oggetto: …», «Da: …» lines. Written here by the
// formats that make them and read here by the source viewer, so the two cannot drift: the viewer
// says which slide or sheet a passage is on, and shows an e-mail's header above its passage.

export const slideLandmark = (number: number) => `Diapositiva ${number}`;
export const sheetLandmark = (name: string) => `Foglio «${name}»`;

/**
 * What a document holds beside its body (issue 54 §2, §4), each block marked as what it is: a
 * passage found in a footnote or a page's header says so.
 */
export const noteLandmarks = {
  header: (text: string) => `Intestazione: ${text}`,
  footer: (text: string) => `Piè di pagina: ${text}`,
  footnote: (number: number | string, text: string) => `Nota ${number}: ${text}`,
  endnote: (number: number | string, text: string) => `Nota di chiusura ${number}: ${text}`,
  comment: (author: string, text: string) => (author.trim() ? `Commento di ${author.trim()}: ${text}` : `Commento: ${text}`),
  cellComment: (cell: string, text: string) => `Commento alla cella ${cell}: ${text}`,
  speakerNotes: (text: string) => `Note del relatore: ${text}`,
  /** A filled field of a PDF form. */
  formField: (name: string, value: string) => (name.trim() ? `Campo «${name.trim()}»: ${value}` : `Campo: ${value}`),
  /** A PDF page's annotation (a comment, a note, a highlighted passage's remark). */
  annotation: (author: string, text: string) => (author.trim() ? `Annotazione di ${author.trim()}: ${text}` : `Annotazione: ${text}`),
} as const;

/** The header lines of an e-mail's reading text, in their order, by what they hold. */
export const EMAIL_HEADER = { subject: "Oggetto", from: "Da", to: "A", cc: "Cc", date: "Data" } as const;
export type EmailHeader = { subject: string; from: string; to: string; date: string };

export const emailHeaderLine = (field: keyof typeof EMAIL_HEADER, value: string) => `${EMAIL_HEADER[field]}: ${value}`;
/** A message attached to an e-mail (a forward, what a delivery report returns), read into its text after this line (issue 54 §3). */
export const attachedMessageLandmark = (name: string) => `Messaggio allegato: ${name}`;

const PLACE = /(?:^|\n)(Diapositiva \d+|Foglio «[^»\n]*»)(?=\n|$)/g;

/**
 * The slide or sheet a passage stands on — or the ones it runs across, «Diapositive 1–2» — from the
 * reading text before it and its own text.
 */
export function placeOf(before: string, passage: string): string | null {
  const inside = [...passage.matchAll(PLACE)];
  // A passage that opens on a landmark stands there; otherwise on the last one before it.
  const previous = inside[0]?.index === 0 ? [] : [...before.matchAll(PLACE)].slice(-1);
  const places = [...previous, ...inside].map((match) => required(match[1], "a landmark's name"));
  if (places.length <= 1) return places[0] ?? null;
  const slides = places.map((place) => /^Diapositiva (\d+)$/.exec(place)?.[1]);
  if (slides.every(Boolean)) return `Diapositive ${slides[0]}–${slides.at(-1)}`;
  return `Fogli ${places.map((place) => place.replace(/^Foglio /, "")).join(", ")}`;
}

/** An e-mail's header, from the first blocks of its reading text. */
export function emailHeaderOf(readingStart: string): EmailHeader | null {
  const blocks = readingStart.split("\n\n");
  const field = (name: keyof typeof EMAIL_HEADER) =>
    blocks.find((block) => block.startsWith(`${EMAIL_HEADER[name]}: `))?.slice(EMAIL_HEADER[name].length + 2) ?? "";
  const header = { subject: field("subject"), from: field("from"), to: field("to"), date: field("date") };
  return header.subject || header.from ? header : null;
}
