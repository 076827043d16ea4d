import { jsPDF } from "jspdf";
import { expect, test } from "vitest";
import { pdfText } from "./pdf-text";
import { CHUNK_MAX, CHUNK_TARGET, chunkDocument, chunkText, codePointOffsets, sentencesOf } from "./text-chunking";

const sentence = (n: number) => `La frase numero ${n} descrive un viale del giardino con le sue siepi di bosso e le sue statue.`;

test("sentences: abbreviations and decimals do not end one; blocks and list items do", () => {
  expect(
    sentencesOf("Fu voluta dal card. Ippolito d'Este. Misura 4,5 ettari, vedi p. 12 della guida.\n\n- Primo punto\n- Secondo punto"),
  ).toEqual(["Fu voluta dal card. Ippolito d'Este.", "Misura 4,5 ettari, vedi p. 12 della guida.", "- Primo punto", "- Secondo punto"]);
});

test("chunks hold whole sentences near the target size, and each opens with the previous one's closing sentences", () => {
  const text = Array.from({ length: 40 }, (_, index) => sentence(index + 1)).join(" ");
  const chunks = chunkText(text);
  expect(chunks.length).toBeGreaterThan(3);
  chunks.forEach((chunk, index) => {
    expect(chunk.ordinal).toBe(index);
    expect(chunk.page).toBeNull();
    expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX);
    expect(chunk.text).toMatch(/^La frase numero \d+ .*statue\.$/s);
    if (index < chunks.length - 1) expect(chunk.text.length).toBeGreaterThan(CHUNK_TARGET / 2);
    if (index > 0) {
      const previous = chunks[index - 1]!.text;
      const lastOfPrevious = previous.slice(previous.lastIndexOf("La frase numero"));
      const firstOfChunk = chunk.text.slice(0, chunk.text.indexOf("statue.") + "statue.".length);
      // The overlap: the previous chunk's last sentence, and what opens this one, are in both.
      expect(chunk.text).toContain(lastOfPrevious);
      expect(previous.endsWith(chunk.text.slice(0, chunk.text.indexOf(lastOfPrevious) + lastOfPrevious.length))).toBe(true);
      expect(previous).toContain(firstOfChunk);
    }
  });
  // Every sentence is in some chunk.
  for (let n = 1; n <= 40; n += 1) expect(chunks.some((chunk) => chunk.text.includes(sentence(n)))).toBe(true);
});

test("a sentence longer than a chunk is cut between words", () => {
  const long = `${"parola ".repeat(400)}fine.`;
  const chunks = chunkText(long);
  expect(chunks.length).toBeGreaterThan(1);
  for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX + 250);
});

test("page markers give every chunk its page, and no chunk spans two pages", () => {
  const text = [
    "--- Pagina 1 ---",
    sentence(1),
    "--- Pagina 2 ---",
    sentence(2),
    sentence(3),
    "--- Pagina 3 ---",
    "",
    "--- Pagina 4 ---",
    sentence(4),
  ].join("\n");
  expect(chunkText(text).map((chunk) => [chunk.page, chunk.text])).toEqual([
    [1, sentence(1)],
    [2, `${sentence(2)} ${sentence(3)}`],
    [4, sentence(4)],
  ]);
});

test("a real PDF: pdf.js text with page markers, chunked page by page", async () => {
  const pdf = new jsPDF();
  pdf.text("Il giardino delle rose apre a maggio.", 15, 30);
  pdf.addPage();
  pdf.text("La limonaia ospita centoquaranta limoni.", 15, 30);
  pdf.setProperties({ title: "Guida ai giardini" });
  const { text, title, pages } = await pdfText(new Uint8Array(pdf.output("arraybuffer")));
  expect({ title, pages }).toEqual({ title: "Guida ai giardini", pages: 2 });
  expect(chunkText(text).map((chunk) => [chunk.page, chunk.text])).toEqual([
    [1, "Il giardino delle rose apre a maggio."],
    [2, "La limonaia ospita centoquaranta limoni."],
  ]);
});

// Issue 25: the source viewer shows a chunk where it stands in its document.
test("the reading text: paragraphs one to a line, no page markers, and every chunk is the slice between its offsets", () => {
  const text = [
    "--- Pagina 1 ---",
    "# Il roseto",
    "",
    sentence(1),
    "seguita a capo.",
    "",
    "- una voce",
    "- un'altra voce",
    "--- Pagina 2 ---",
    ...Array.from({ length: 30 }, (_, index) => sentence(index + 2)),
  ].join("\n");
  const { text: reading, chunks } = chunkDocument(text);
  expect(
    reading.startsWith(`# Il roseto\n\n${sentence(1)} seguita a capo.\n\n- una voce\n\n- un'altra voce\n\n${sentence(2)} ${sentence(3)}`),
  ).toBe(true);
  expect(reading).not.toContain("Pagina");
  expect(chunks.length).toBeGreaterThan(3);
  for (const chunk of chunks) expect(reading.slice(chunk.start, chunk.end)).toBe(chunk.text);
  // Overlapping chunks: each starts before the previous one ends, and later.
  for (const [index, chunk] of chunks.entries())
    if (index > 0 && chunk.page === chunks[index - 1]!.page) expect(chunk.start).toBeGreaterThan(chunks[index - 1]!.start);
  expect(chunks.map((chunk) => chunk.page)).toEqual([1, ...chunks.slice(1).map(() => 2)]);
});

test("a word longer than a chunk is cut, not lost", () => {
  const word = "x".repeat(3000);
  const { text: reading, chunks } = chunkDocument(`Prima. ${word} dopo.`);
  expect(chunks.map((chunk) => chunk.text).join("")).toContain(word);
  for (const chunk of chunks) expect(reading.slice(chunk.start, chunk.end)).toBe(chunk.text);
});

test("offsets in code points, as PostgreSQL counts characters", () => {
  const text = "🌹 rose 🌷 tulipani e gigli";
  const start = text.indexOf("tulipani");
  expect(codePointOffsets(text, [start, 0, text.length, 2])).toEqual([
    Array.from(text.slice(0, start)).length,
    0,
    Array.from(text).length,
    1,
  ]);
});

test("issue 49: «art.» does not end a sentence («ai sensi dell'art. 5 della legge»)", () => {
  expect(sentencesOf("Ai sensi dell'art. 5 della legge il termine è breve. Vedi artt. 6 e 7 e la lett. b del comma.")).toEqual([
    "Ai sensi dell'art. 5 della legge il termine è breve.",
    "Vedi artt. 6 e 7 e la lett. b del comma.",
  ]);
});
