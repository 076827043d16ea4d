import { citedPassageSchema, type CitedPassage } from "@oystar/api-client";
import { expect, test } from "vitest";
import { keptPassages } from "./kept-passages";

// Issue 38 §1: conversations kept on a device before the one cited-passage contract still open
// with their sources — a RAG answer's and a debate turn's — and those kept since read as they were.

const current: CitedPassage = {
  noteNumber: 2,
  chunkId: "12",
  document: "gardenroute-demo/vasi.pptx",
  title: "I vasi",
  filename: "vasi.pptx",
  url: null,
  page: null,
  place: "Diapositiva 4",
  excerpt: "Vasi di terracotta dell'Impruneta",
  support: { cited: true, confidence: 0.82 },
};

test("a passage kept in the contract's shape reads back as it was", () => {
  expect(keptPassages([current])).toEqual([current]);
});

test("a RAG answer's sources kept in the older shape read back as cited passages, their check kept", () => {
  const kept = [
    {
      noteNumber: 1,
      chunkId: "11",
      filename: "villa-aurora.pdf",
      title: "Villa Aurora",
      url: "https://esempio.it/aurora",
      page: 3,
      excerpt: "Nella limonaia dimorano cento limoni",
      cited: true,
      confidence: 0.82,
    },
    { noteNumber: 1, chunkId: 13, filename: "villa-aurora.pdf", title: "Villa Aurora", excerpt: "La serra", cited: false },
    { noteNumber: 2, chunkId: "12", filename: "vasi.pptx", title: "I vasi", place: "Diapositiva 4", excerpt: "Vasi di terracotta" },
  ];
  const read = keptPassages(kept);
  for (const passage of read) expect(citedPassageSchema.parse(passage)).toEqual(passage);
  expect(read).toEqual([
    {
      noteNumber: 1,
      chunkId: "11",
      document: "villa-aurora.pdf",
      title: "Villa Aurora",
      filename: "villa-aurora.pdf",
      url: "https://esempio.it/aurora",
      page: 3,
      place: null,
      excerpt: "Nella limonaia dimorano cento limoni",
      support: { cited: true, confidence: 0.82 },
    },
    {
      noteNumber: 1,
      chunkId: "13",
      document: "villa-aurora.pdf",
      title: "Villa Aurora",
      filename: "villa-aurora.pdf",
      url: null,
      page: null,
      place: null,
      excerpt: "La serra",
      support: { cited: false, confidence: null },
    },
    {
      noteNumber: 2,
      chunkId: "12",
      document: "vasi.pptx",
      title: "I vasi",
      filename: "vasi.pptx",
      url: null,
      page: null,
      place: "Diapositiva 4",
      excerpt: "Vasi di terracotta",
      support: null,
    },
  ]);
});

test("a debate turn's passages kept in the older shape read back under their numbers, grouped by their file", () => {
  const kept = [
    { n: 1, chunkId: "101", title: "Giardini storici", filename: "giardini.md", page: null, excerpt: "Il bosso delle siepi…" },
    { n: 2, chunkId: "102", title: "Restauro", filename: "restauro.pdf", page: 3, excerpt: "Le piante antiche…" },
  ];
  expect(keptPassages(kept)).toEqual([
    {
      noteNumber: 1,
      chunkId: "101",
      document: "giardini.md",
      title: "Giardini storici",
      filename: "giardini.md",
      url: null,
      page: null,
      place: null,
      excerpt: "Il bosso delle siepi…",
      support: null,
    },
    {
      noteNumber: 2,
      chunkId: "102",
      document: "restauro.pdf",
      title: "Restauro",
      filename: "restauro.pdf",
      url: null,
      page: 3,
      place: null,
      excerpt: "Le piante antiche…",
      support: null,
    },
  ]);
});

test("what is no passage is left out: no id, no number, not a record", () => {
  expect(keptPassages(["https://esempio.it/fonte", { noteNumber: 1, title: "Senza id" }, { chunkId: "5" }, null, current])).toEqual([
    current,
  ]);
  expect(keptPassages(undefined)).toEqual([]);
  expect(keptPassages({ noteNumber: 1 })).toEqual([]);
});
