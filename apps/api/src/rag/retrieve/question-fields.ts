import { foldAccents, isStopword } from "../italian-text";

// The settings' field extraction (rag_use_field_extraction, spec 001 §3, §9; off by default):
// structured fields read out of the question and used by retrieval (retrieval.ts).
//  - `campo:valore` qualifiers restrict the search to matching documents, and leave the text:
//      titolo:Boboli   titolo:"Villa d'Este"   file:villa-d-este   sito:oystar.example (or url:)
//      anno:1550 (the passage must give that number);
//  - quoted phrases («…», "…", “…”) must appear as written (Postgres phrase search);
//  - numbers written in digits (years, quantities) must appear;
//  - proper names — runs of capitalised words, «Villa d'Este», «Cosimo I de' Medici», or one
//    capitalised word past the first of its sentence — are searched as phrases too.
// Every field is also a candidate list of its own (the passages that hold it, by BM25), so an
// exact match is never lost below the legs' top-K; then the passages that hold more of the
// question's fields come first. Names only add candidates: they are guessed from capitals, so
// they do not reorder.

export type DocumentField = "titolo" | "file" | "sito";
export type DocumentFilter = { field: DocumentField; value: string };

export type QuestionFields = {
  /** The question as searched: the qualifiers taken out. */
  text: string;
  /** Quoted phrases. */
  phrases: string[];
  /** Numbers in digits, and `anno:` values. */
  numbers: string[];
  /** Proper names, guessed from capitals. */
  names: string[];
  /** `titolo:`, `file:`, `sito:` qualifiers: the documents searched must match every one. */
  filters: DocumentFilter[];
};

const QUALIFIER = /(?<![\p{L}\p{N}])(titolo|file|sito|url|anno):(?:"([^"]+)"|«([^»]+)»|“([^”]+)”|([^\s"«“]+))/giu;
const QUOTED = /"([^"]{2,})"|«([^»]{2,})»|“([^”]{2,})”/gu;
const NUMBER = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)?(?![\p{L}\p{N}])/gu;
const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
/** Words that join the parts of a name: «Giardino di Boboli», «Cosimo I de' Medici», «Gustav von Hohenlohe». */
const CONNECTORS = new Set(["di", "de", "del", "della", "dei", "degli", "delle", "da", "von", "van"]);

const capitalised = (token: string) => /^\p{Lu}/u.test(token) || /^\p{Ll}{1,4}['’]\p{Lu}/u.test(token);

/** Proper names in a text: runs of capitalised words (joined by connectors), or one past a sentence's start. */
export function namesOf(text: string): string[] {
  const names: string[] = [];
  for (const sentence of text.split(/(?<=[.!?;:])\s+/)) {
    const tokens = [...sentence.matchAll(TOKEN)].map((match) => ({
      text: match[0],
      start: match.index,
      end: match.index + match[0].length,
    }));
    let run: typeof tokens = [];
    const close = () => {
      for (let last = run.at(-1); last && CONNECTORS.has(last.text.toLowerCase()); last = run.at(-1)) run.pop();
      const first = run[0];
      const last = run.at(-1);
      const capitals = run.filter((token) => capitalised(token.text)).length;
      if (first && last && (capitals >= 2 || (capitals === 1 && first !== tokens[0]))) names.push(sentence.slice(first.start, last.end));
      run = [];
    };
    for (const token of tokens) {
      // «Il Bonaparte», «Chi …»: a capitalised article or question word does not start a name.
      if (capitalised(token.text) && !(run.length === 0 && isStopword(foldAccents(token.text)))) run.push(token);
      else if (run.length > 0 && CONNECTORS.has(token.text.toLowerCase())) run.push(token);
      // A roman numeral keeps a name going: «Cosimo I», «Carlo III Borromeo».
      else if (run.length > 0 && /^[IVX]+$/.test(token.text)) run.push(token);
      else close();
    }
    close();
  }
  return names;
}

export type Qualifiers = Pick<QuestionFields, "text" | "filters" | "numbers">;

/** The `campo:valore` qualifiers of a question, and its text without them. */
export function takeQualifiers(question: string): Qualifiers {
  const filters: DocumentFilter[] = [];
  const numbers: string[] = [];
  const text = question
    .replace(QUALIFIER, (_match, field: string, ...values: Array<string | undefined>) => {
      const value =
        values
          .slice(0, 4)
          .find((candidate) => candidate !== undefined)
          ?.trim() ?? "";
      const name = field.toLowerCase();
      if (name === "anno") numbers.push(value);
      else if (value) filters.push({ field: name === "url" ? "sito" : (name as DocumentField), value });
      return " ";
    })
    .replace(/\s+/g, " ")
    .trim();
  return { text: text || question, filters, numbers };
}

/** The fields of a question's text (already without its qualifiers), with the qualifiers' own. */
export function fieldsIn(text: string, qualifiers: Omit<Qualifiers, "text"> = { filters: [], numbers: [] }): QuestionFields {
  const phrases = [...text.matchAll(QUOTED)].map((match) => (match[1] ?? match[2] ?? match[3] ?? "").trim()).filter(Boolean);
  const unquoted = text.replace(QUOTED, " ");
  const numbers = [...qualifiers.numbers, ...[...unquoted.matchAll(NUMBER)].map((match) => match[0])];
  const names = namesOf(unquoted).filter((name) => !phrases.includes(name));
  return { text, phrases: unique(phrases), numbers: unique(numbers), names: unique(names), filters: qualifiers.filters };
}

export function extractFields(question: string): QuestionFields {
  const qualifiers = takeQualifiers(question);
  return fieldsIn(qualifiers.text, qualifiers);
}

const unique = (values: readonly string[]) => [...new Set(values)];

/** Fields that decide order: a passage that holds more of them comes first. */
export const requiredFieldsOf = (fields: QuestionFields) => [...fields.phrases, ...fields.numbers];

/** Every field searched as its own candidate list. */
export const searchedFieldsOf = (fields: QuestionFields) => [...fields.phrases, ...fields.numbers, ...fields.names];

const comparable = (text: string) => foldAccents(text).replace(/['’]/g, "'").replace(/\s+/g, " ");

/** How many of `required` a passage (its title and text) holds, as written (case and accents aside). */
export function fieldsHeld(required: readonly string[], title: string, text: string): number {
  const haystack = comparable(`${title}\n${text}`);
  return required.filter((field) => {
    const needle = comparable(field);
    return /^\d/.test(needle)
      ? new RegExp(`(?<![\\p{N}])${needle.replace(/[.,]/g, "[.,]")}(?![\\p{N}])`, "u").test(haystack)
      : haystack.includes(needle);
  }).length;
}
