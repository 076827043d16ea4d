import { noteLandmarks } from "./formats/landmarks";

// What a PDF page holds beside its text (issue 54 §4): the values of its filled form fields and the
// notes readers left on it (comments, sticky notes, free text), which pdf.js keeps as annotations,
// not in the page's text. pdftotext reads them; indexed after the page's text, each marked.

/** The fields of pdf.js's annotation data this reads (it gives them untyped). */
type Annotation = {
  subtype?: string;
  fieldType?: string;
  fieldName?: string;
  fieldValue?: unknown;
  exportValue?: string;
  buttonValue?: string;
  checkBox?: boolean;
  radioButton?: boolean;
  contentsObj?: { str?: string };
  titleObj?: { str?: string };
};

/** Annotations that hold no reader's words: links, a note's pop-up (its note says it), drawings. */
const SILENT = new Set(["Link", "Popup", "Widget"]);

const flat = (text: unknown) => (typeof text === "string" ? text.replace(/\s+/g, " ").trim() : "");

/** A field's value as a reader would say it; "" for an empty field or an unticked box. */
function fieldValue(field: Annotation): string {
  if (field.fieldType === "Btn") {
    if (field.checkBox) return field.fieldValue && field.fieldValue !== "Off" && field.fieldValue === field.exportValue ? "sì" : "";
    if (field.radioButton) return field.fieldValue && field.fieldValue === field.buttonValue ? flat(field.buttonValue) : "";
    return "";
  }
  if (Array.isArray(field.fieldValue)) return field.fieldValue.map(flat).filter(Boolean).join(", ");
  return flat(field.fieldValue);
}

/** The page's filled fields, then its notes, as reading blocks («Campo «Cliente»: …», «Annotazione di …: …»). */
export function annotationBlocks(annotations: readonly unknown[]): string[] {
  const fields: string[] = [];
  const notes: string[] = [];
  for (const annotation of annotations as Annotation[]) {
    if (annotation.subtype === "Widget") {
      const value = fieldValue(annotation);
      const block = value ? noteLandmarks.formField(flat(annotation.fieldName), value) : "";
      // A field shown in several places (its widgets) is said once.
      if (block && !fields.includes(block)) fields.push(block);
    } else if (!SILENT.has(annotation.subtype ?? "")) {
      const text = flat(annotation.contentsObj?.str);
      if (text) notes.push(noteLandmarks.annotation(flat(annotation.titleObj?.str), text));
    }
  }
  return [...fields, ...notes];
}
