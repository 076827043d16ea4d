import type { RagOptions } from "@oystar/api-client";
import type { Queryable } from "../../db/database";
import { fieldsIn, takeQualifiers, type QuestionFields } from "./question-fields";
import type { RagIndex } from "../rag-store";
import { correctSpelling, type SpellCorrection } from "./spell-check";

// Before retrieval, the question as the admin's settings say to read it (spec 001 §3, §9): its
// `campo:valore` qualifiers taken out, its typos corrected against the indexes' vocabulary
// (spell-check.ts), then its fields read (question-fields.ts). Both steps are off by default.

/** The two settings of the same names (RAG_KNOBS). */
export type Understanding = Pick<RagOptions, "enableSpellCheck" | "useFieldExtraction">;

export type UnderstoodQuestion = {
  /** What the legs search and the offline model answers. */
  question: string;
  fields: QuestionFields | null;
  corrections: SpellCorrection[];
};

export async function understandQuestion(
  db: Queryable,
  indexes: readonly Pick<RagIndex, "id" | "chunkCount">[],
  question: string,
  understanding: Understanding,
): Promise<UnderstoodQuestion> {
  // Qualifiers first: a file name or a site is not a misspelt Italian word.
  const qualifiers = understanding.useFieldExtraction ? takeQualifiers(question) : { text: question, filters: [], numbers: [] };
  const checked = understanding.enableSpellCheck
    ? await correctSpelling(db, indexes, qualifiers.text)
    : { question: qualifiers.text, corrections: [] };
  return {
    question: checked.question,
    fields: understanding.useFieldExtraction ? fieldsIn(checked.question, qualifiers) : null,
    corrections: checked.corrections,
  };
}
