import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sentencesOf } from "../../src/rag";
import { random } from "./bench-figures";
import { required } from "../../src/required";

// Documents for `pnpm bench rag`, built deterministically, two corpora:
//  - from the Debian evaluation corpus (rag-eval/debian-it): real Italian technical prose, many
//    documents on one subject, as a customer's archive is. Document n is `paragraphs` paragraphs
//    taken in a fixed stride through the corpus, so every document is different and a question
//    finds its words in many of them;
//  - generated (inventedCorpusWriter), for the sizes in chunks (10k, 100k): the demo documents'
//    sentences with a long tail of invented rare words.

type Paragraph = { id: string; title: string; text: string };

const corpusPath = fileURLToPath(new URL("../../rag-eval/debian-it/paragraphs.jsonl", import.meta.url));
let corpus: Paragraph[] | null = null;

const paragraphsOf = () =>
  (corpus ??= readFileSync(corpusPath, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Paragraph));

/** Document `number` (0-based): its title and `paragraphs` paragraphs of the corpus. */
export function benchParagraphs(number: number, paragraphs: number): { title: string; paragraphs: string[] } {
  const all = paragraphsOf();
  // The first paragraph walks through the corpus; the others follow at a stride that changes on
  // every pass, so no two documents put together the same paragraphs.
  const first = number * paragraphs;
  const stride = 7919 + Math.floor(first / all.length) * 104_729;
  const picked = Array.from({ length: paragraphs }, (_, part) => required(all[(first + part * stride) % all.length], "a corpus paragraph"));
  return {
    title: `${required(picked[0], "the first paragraph").title} (${number + 1})`,
    paragraphs: picked.map((paragraph) => paragraph.text),
  };
}

/** Document `number` (0-based) as Markdown with a title: `paragraphs` paragraphs of the corpus. */
export function benchDocument(number: number, paragraphs: number): string {
  const document = benchParagraphs(number, paragraphs);
  return `---\ntitle: ${document.title}\n---\n\n${document.paragraphs.join("\n\n")}\n`;
}

/** The evaluation's questions, to time retrieval with (not to measure quality: the bench documents mix paragraphs). */
export function benchQuestions(): string[] {
  return readFileSync(fileURLToPath(new URL("../../rag-eval/debian-it/questions.jsonl", import.meta.url)), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { question: string }).question);
}

/**
 * Sentences of the demo documents, a fifth of their words swapped for words of a large
 * Zipf-distributed invented vocabulary: real Italian structure and common words, and the long
 * tail of rare terms a big collection has. Documents come in order (each draws on from the one
 * before), each its title and `paragraphs` paragraphs of five sentences.
 */
export function inventedDocumentWriter(seed: number, paragraphs = 8): (number: number) => { title: string; paragraphs: string[] } {
  const next = random(seed);
  const demoDir = fileURLToPath(new URL("../../rag-demo/", import.meta.url));
  const sentences = readdirSync(demoDir)
    .filter((file) => file.endsWith(".md"))
    .flatMap((file) => sentencesOf(readFileSync(join(demoDir, file), "utf8").replace(/^---[\s\S]*?---/, "")));
  const syllables = [
    "ca",
    "ro",
    "ti",
    "la",
    "mo",
    "ne",
    "sa",
    "pi",
    "gu",
    "de",
    "ver",
    "gia",
    "ri",
    "no",
    "fon",
    "ta",
    "lo",
    "bel",
    "vi",
    "sta",
    "pe",
    "ma",
    "li",
    "cor",
    "te",
    "mu",
    "se",
    "zio",
  ];
  const invented = (rank: number) => {
    let word = "";
    for (let value = rank + 31; value > 0; value = Math.floor(value / syllables.length)) word += syllables[value % syllables.length];
    return `${word}${["o", "a", "e", "i"][rank % 4]}`;
  };
  const vocabulary = 200_000;
  const zipf = () => invented(Math.floor(Math.exp(next() * Math.log(vocabulary))) - 1);
  const sentence = () =>
    (sentences[Math.floor(next() * sentences.length)] ?? "")
      .split(" ")
      .map((word) => (word.length > 3 && next() < 0.2 ? zipf() : word))
      .join(" ");
  return (number: number) => {
    const written = Array.from({ length: paragraphs }, () => Array.from({ length: 5 }, sentence).join(" "));
    return { title: `Documento ${number} ${zipf()} ${zipf()}`, paragraphs: written };
  };
}

/** The invented documents (inventedDocumentWriter) as Markdown, with a title and an address. */
export function inventedCorpusWriter(seed: number): (number: number) => string {
  const write = inventedDocumentWriter(seed);
  return (number: number) => {
    const { title, paragraphs } = write(number);
    return `---\ntitle: ${title}\nurl: https://esempi.oystar.test/doc/${number}\n---\n\n${paragraphs.join("\n\n")}\n`;
  };
}
