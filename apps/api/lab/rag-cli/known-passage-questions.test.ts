import { beforeAll, expect, test } from "vitest";
import { benchDocument } from "./bench-corpus";
import {
  corpusDocumentOf,
  knownPassageQuestions,
  prefixStem,
  prefixStemsOf,
  RARE_IN_PASSAGES,
  recallOf,
  type CorpusDocument,
} from "./known-passage-questions";

// The bench's known-passage questions (issue 32 §4): the same every run, each about words its
// passage holds and few others do, and together only its document.

let corpus: CorpusDocument[];

beforeAll(async () => {
  corpus = await Promise.all(Array.from({ length: 600 }, (_, number) => corpusDocumentOf(`doc-${number}.md`, benchDocument(number, 4))));
});

test("the same corpus and seed give the same questions; another seed, others", () => {
  const questions = knownPassageQuestions(corpus, 40, 7);
  expect(questions).toHaveLength(40);
  expect(knownPassageQuestions(corpus, 40, 7)).toEqual(questions);
  expect(knownPassageQuestions(corpus, 40, 8)).not.toEqual(questions);
});

test("each question asks about rare words of its passage, which together only its document holds", () => {
  // Counted here from scratch: which passages (title included, as indexed) hold each prefix stem.
  const passages = corpus.flatMap((document) =>
    document.passages.map((text) => ({ filename: document.filename, stems: prefixStemsOf(`${document.title} ${text}`) })),
  );
  for (const asked of knownPassageQuestions(corpus, 40, 7)) {
    const passage = corpus.find((document) => document.filename === asked.answerFile)!.passages[asked.passage]!;
    for (const word of asked.words) {
      expect(asked.question).toContain(word);
      expect(passage.split(/[^\p{L}\p{N}]+/u)).toContain(word);
      expect(passages.filter((held) => held.stems.has(prefixStem(word))).length).toBeLessThanOrEqual(RARE_IN_PASSAGES);
    }
    const holdingAll = passages.filter((held) => asked.words.every((word) => held.stems.has(prefixStem(word))));
    expect(new Set(holdingAll.map((held) => held.filename))).toEqual(new Set([asked.answerFile]));
  }
});

test("a word only one document holds is asked alone", async () => {
  const documents = await Promise.all([
    corpusDocumentOf("limoni.md", "---\ntitle: Limoni\n---\n\nLa limonaia ripara i vasi d'inverno. Le piante si annaffiano poco.\n"),
    corpusDocumentOf("rose.md", "---\ntitle: Rose\n---\n\nLe rose si potano a febbraio. Le piante si annaffiano poco.\n"),
  ]);
  const questions = knownPassageQuestions(documents, 2, 1);
  expect(questions.map((asked) => [asked.answerFile, asked.words])).toEqual(
    expect.arrayContaining([
      ["limoni.md", ["limonaia"]],
      ["rose.md", ["potano"]],
    ]),
  );
});

test("a word Postgres keeps inside a path or a file name is not asked about: its parser reads the whole as one lexeme", async () => {
  const documents = await Promise.all([
    corpusDocumentOf(
      "limoni.md",
      "---\ntitle: Limoni\n---\n\nIl file /etc/zafferano/serre.conf e limonaia.conf riparano i vasi d'inverno.\n",
    ),
    corpusDocumentOf("rose.md", "---\ntitle: Rose\n---\n\nLe rose si potano a febbraio.\n"),
  ]);
  const [asked] = knownPassageQuestions(documents, 2, 1).filter((question) => question.answerFile === "limoni.md");
  expect(asked?.words).toEqual(["riparano"]);
});

test("recall is counted by distinct document, on the first ten", () => {
  const ranked = ["a.md", "a.md", "b.md", "c.md", "d.md", "e.md", "f.md", "g.md", "h.md", "i.md", "j.md", "k.md"];
  expect(
    recallOf([
      { answerFile: "a.md", ranked },
      { answerFile: "c.md", ranked },
      { answerFile: "k.md", ranked },
      { answerFile: "z.md", ranked: [] },
    ]),
  ).toEqual({ questions: 4, "r@1": 0.25, "r@5": 0.5, "r@10": 0.5, "mrr@10": Math.round(((1 + 1 / 3) / 4) * 1000) / 1000 });
});
