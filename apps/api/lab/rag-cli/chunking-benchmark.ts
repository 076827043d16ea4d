// The chunker's speed behind `pnpm bench rag --parts chunking` (bench/rag.mjs runs it; not a test),
// issue 54 §1: a 1.1 MB e-mail took two minutes to chunk, because V8's Intl.Segmenter over a
// whole block grows faster than the block. Characters chunked per second at 10 KB, 100 KB, 1 MB
// and 10 MB of Italian prose (the Debian evaluation corpus), in two shapes: an e-mail's body of
// single line breaks (one block, the case that stalled) and paragraphs apart by blank lines.
// Target: linear — the slowest size's rate within 20 % of the fastest's.
// Usage: tsx chunking-benchmark.ts [--sizes 10000,100000,1000000,10000000] [--rounds 5]
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chunkDocument } from "../../src/rag";
import { parseArguments } from "./cli-context";
import { required } from "../../src/required";

const corpusPath = fileURLToPath(new URL("../../rag-eval/debian-it/paragraphs.jsonl", import.meta.url));
const paragraphs = readFileSync(corpusPath, "utf8")
  .split("\n")
  .filter((line) => line.trim())
  .map((line) => (JSON.parse(line) as { text: string }).text);

/** `length` characters of the corpus, its paragraphs joined by `separator` (the corpus repeats past its ~0.9 MB). */
function textOf(length: number, separator: string): string {
  const parts: string[] = [];
  let total = 0;
  for (let at = 0; total < length; at += 1) {
    const paragraph = required(paragraphs[at % paragraphs.length], "a corpus paragraph");
    parts.push(paragraph);
    total += paragraph.length + separator.length;
  }
  return parts.join(separator).slice(0, length);
}

/**
 * Milliseconds to chunk `text` again and again until `perRun` characters are done (a small text is
 * not charged for the timer's grain or a collector's pause): the same work at every size.
 */
function runMilliseconds(text: string, repeats: number): number {
  const started = performance.now();
  for (let repeat = 0; repeat < repeats; repeat += 1) chunkDocument(text);
  return performance.now() - started;
}

const { options } = parseArguments(process.argv.slice(2));
const sizes = (options.get("sizes") ?? "10000,100000,1000000,10000000").split(",").map(Number);
const rounds = Number(options.get("rounds") ?? "5");
const shapes = { email_one_block: "\n", paragraphs: "\n\n" } as const;

// Warm-up: ICU's data and the JIT, so the first size is not charged for them.
chunkDocument(textOf(200_000, "\n"));

// The sizes take turns, round after round, and each keeps its best (least disturbed) run: the
// machine is shared, and a busy moment then slows one round of every size, not one size.
const perRun = Math.max(...sizes);
const figures: Record<string, unknown> = {};
for (const [shape, separator] of Object.entries(shapes)) {
  const texts = sizes.map((size) => textOf(size, separator));
  const best = sizes.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < rounds; round += 1)
    texts.forEach((text, at) => {
      best[at] = Math.min(best[at] ?? Number.POSITIVE_INFINITY, runMilliseconds(text, Math.max(1, Math.round(perRun / text.length))));
    });
  const rates: Record<string, number> = {};
  sizes.forEach((size, at) => {
    const rate = Math.round((Math.max(1, Math.round(perRun / size)) * size) / (required(best[at], "a size's best time") / 1000));
    rates[String(size)] = rate;
    const chunks = chunkDocument(required(texts[at], "a size's text")).chunks.length;
    console.info(
      `Suddivisione in passaggi (${shape}), ${size.toLocaleString("it-IT")} caratteri: ${rate.toLocaleString("it-IT")} caratteri/s, ${chunks} passaggi`,
    );
  });
  const all = Object.values(rates);
  // Linear: the same rate at every size; the spread is how far the slowest falls below the fastest.
  const spread = 1 - Math.min(...all) / Math.max(...all);
  console.info(`  scarto tra le dimensioni: ${(spread * 100).toFixed(1)} % (obiettivo ≤ 20 %)`);
  figures[shape] = { characters_per_second: rates, spread: Number(spread.toFixed(3)), linear: spread <= 0.2 };
}
console.info(JSON.stringify({ chunking: figures }));
