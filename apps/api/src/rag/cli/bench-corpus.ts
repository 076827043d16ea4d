import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Documents for `pnpm bench rag`, built deterministically from the Debian evaluation corpus
// (rag-eval/debian-it): real Italian technical prose, many documents on one subject, as a
// customer's archive is. Document n is `paragraphs` paragraphs taken in a fixed stride through
// the corpus, so every document is different and a question finds its words in many of them.

type Paragraph = { id: string; title: string; text: string };

const corpusPath = fileURLToPath(new URL("../../../rag-eval/debian-it/paragraphs.jsonl", import.meta.url));
let corpus: Paragraph[] | null = null;

const paragraphsOf = () =>
  (corpus ??= readFileSync(corpusPath, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Paragraph));

/** Document `number` (0-based) as Markdown with a title: `paragraphs` paragraphs of the corpus. */
export function benchDocument(number: number, paragraphs: number): string {
  const all = paragraphsOf();
  // The first paragraph walks through the corpus; the others follow at a stride that changes on
  // every pass, so no two documents put together the same paragraphs.
  const first = number * paragraphs;
  const stride = 7919 + Math.floor(first / all.length) * 104_729;
  const picked = Array.from({ length: paragraphs }, (_, part) => all[(first + part * stride) % all.length]!);
  return `---\ntitle: ${picked[0]!.title} (${number + 1})\n---\n\n${picked.map((paragraph) => paragraph.text).join("\n\n")}\n`;
}

/** The evaluation's questions, to time retrieval with (not to measure quality: the bench documents mix paragraphs). */
export function benchQuestions(): string[] {
  return readFileSync(fileURLToPath(new URL("../../../rag-eval/debian-it/questions.jsonl", import.meta.url)), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { question: string }).question);
}
