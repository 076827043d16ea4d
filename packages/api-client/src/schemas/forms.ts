import { z } from "./zod";
import { storableString } from "./text";

// spec 000 §3 (fields) and §5 (validation) of the contact, enterprise and indexing forms. The
// server validates with these; the apps show the same messages before sending.

const requiredText = (label: string, max = 200) =>
  storableString({ error: `${label} è obbligatorio` })
    .trim()
    .min(1, `${label} è obbligatorio`)
    .max(max, `${label}: testo troppo lungo`);
const optionalText = (max: number) => storableString().trim().max(max, "Testo troppo lungo").optional().default("");
const email = storableString({ error: "L'email è obbligatoria" })
  .trim()
  .min(1, "L'email è obbligatoria")
  .max(254)
  .email("Inserisci un indirizzo email valido");
/** A hidden field people never fill: bots do. */
const honeypot = z.string().max(0, "Richiesta rifiutata").optional();

export const contactFormSchema = z.strictObject({
  name: requiredText("Il nome"),
  email,
  company: optionalText(200),
  message: optionalText(5000),
  website: honeypot,
});
export type ContactForm = z.input<typeof contactFormSchema>;

export const enterpriseFormSchema = z.strictObject({
  name: requiredText("Il nome"),
  email,
  company: requiredText("L'azienda"),
  message: optionalText(5000),
  website: honeypot,
});
export type EnterpriseForm = z.input<typeof enterpriseFormSchema>;

/** One URL per line; blank lines ignored. */
export const urlLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

export const indexRequestSchema = z
  .strictObject({
    name: requiredText("Il nome"),
    email,
    company: optionalText(200),
    indexName: requiredText("Il nome dell'indice", 100),
    sourceType: z.enum(["pdf", "url", "both"], { error: "Scegli il tipo di sorgente" }),
    pdfUrls: optionalText(20000),
    websiteUrls: optionalText(20000),
    notes: optionalText(5000),
    website: honeypot,
  })
  .superRefine((form, context) => {
    const pdfs = urlLines(form.pdfUrls);
    const sites = urlLines(form.websiteUrls);
    // spec 000 §5: PDF links are needed for "pdf", and for "both" when no website is given; and
    // the other way round for websites.
    if ((form.sourceType === "pdf" || (form.sourceType === "both" && sites.length === 0)) && pdfs.length === 0) {
      context.addIssue({ code: "custom", path: ["pdfUrls"], message: "Inserisci almeno un link a un PDF" });
    }
    if ((form.sourceType === "url" || (form.sourceType === "both" && pdfs.length === 0)) && sites.length === 0) {
      context.addIssue({ code: "custom", path: ["websiteUrls"], message: "Inserisci almeno un sito web" });
    }
    for (const [field, lines] of [
      ["pdfUrls", pdfs],
      ["websiteUrls", sites],
    ] as const) {
      const bad = lines.find((line) => !isHttpUrl(line));
      if (bad)
        context.addIssue({ code: "custom", path: [field], message: `Indirizzo non valido (solo http o https): ${bad.slice(0, 100)}` });
    }
  });
export type IndexRequestForm = z.input<typeof indexRequestSchema>;

/** spec 001 §3, §5: the debate's feedback — never the debate's text. */
export const DEBATE_FEEDBACK_COMMENT_MAX = 500;
/** issue 26 §3: 'Chi ti ha convinto di più?' — Lato A, Lato B or Parità. */
export const DEBATE_VOTES = ["A", "B", "tie"] as const;
export type DebateVote = (typeof DEBATE_VOTES)[number];

export const debateFeedbackSchema = z
  .strictObject({
    rating: z
      .number({ error: "Scegli un voto da 1 a 5" })
      .int("Scegli un voto da 1 a 5")
      .min(1, "Scegli un voto da 1 a 5")
      .max(5, "Scegli un voto da 1 a 5"),
    comment: storableString()
      .trim()
      .max(DEBATE_FEEDBACK_COMMENT_MAX, `Il commento può avere al massimo ${DEBATE_FEEDBACK_COMMENT_MAX} caratteri`)
      .optional()
      .default(""),
    debate_topic: storableString().trim().max(1000, "Il tema è troppo lungo"),
    timestamp: z.iso.datetime({ offset: true, error: "Data non valida" }),
    pdf_requested: z.boolean(),
    /** The debate the feedback closes: a vote counts once, for that debate's two models. */
    debate_id: z.uuid({ error: "Dibattito sconosciuto" }).optional(),
    preferred_side: z.enum(DEBATE_VOTES, { error: "Scegli Lato A, Lato B o Parità" }).optional(),
  })
  .refine((feedback) => feedback.preferred_side === undefined || feedback.debate_id !== undefined, {
    message: "Il voto deve indicare il dibattito",
    path: ["debate_id"],
  });
export type DebateFeedback = z.input<typeof debateFeedbackSchema>;

/**
 * POST /api/debates/vote (issue 26 §3, issue 53 §2): 'Chi ti ha convinto di più?', once per debate
 * of the sender's, played to its end. The feedback form no longer carries it (debate-engine ≤ 0.2.0
 * still sends it with the feedback, which the server still counts).
 */
export const debateVoteSchema = z.strictObject({
  debate_id: z.uuid({ error: "Dibattito sconosciuto" }),
  preferred_side: z.enum(DEBATE_VOTES, { error: "Scegli Lato A, Lato B o Parità" }),
});
export type DebateVoteRequest = z.infer<typeof debateVoteSchema>;
export const debateVoteReceiptSchema = z.object({ ok: z.literal(true) });

export const formReceiptSchema = z.object({ ok: z.literal(true), id: z.string() });
export type FormReceipt = z.infer<typeof formReceiptSchema>;
