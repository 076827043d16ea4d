import { defaultSettings } from "@oystar/api-client";
import { expect, test } from "vitest";
import {
  citedSentences,
  sourceOfCitation,
  validateCitations,
  warningToAppend,
  withSingleWarning,
  type ValidationSettings,
} from "./citation-validation";
import { localEmbedder } from "../embedder";
import { ragMessages } from "../messages";

const settings: ValidationSettings = {
  semanticThreshold: defaultSettings.rag_semantic_threshold,
  confidenceThreshold: defaultSettings.rag_confidence_threshold,
  mismatchThreshold: defaultSettings.rag_mismatch_threshold,
  adaptiveValidation: true,
  validWeight: 0.6,
  semanticWeight: 0.4,
  entityWeight: 0.4,
  wordWeight: 0.3,
  textWeight: 0.2,
};

const sources = [
  {
    noteNumber: 1,
    chunkId: "501",
    text: "Villa Aurora fu costruita nel 1620 per il conte Ferrante Bassi. Il giardino conta dodici fontane alimentate da un acquedotto privato lungo tre chilometri. La Fontana del Tritone lancia un getto alto otto metri.",
  },
  {
    noteNumber: 2,
    chunkId: "502",
    text: "L'ulivo si pota alla fine dell'inverno, tra febbraio e marzo, quando il rischio di gelate è passato. La forma più diffusa in Italia è il vaso policentrico, con tre o quattro branche principali.",
  },
];

test("citations are read per sentence; a marker after the full stop belongs to the sentence before", () => {
  expect(citedSentences("Fu costruita nel 1620 [1]. L'ulivo si pota a marzo. [2] Senza fonte.")).toEqual([
    { sentence: "Fu costruita nel 1620 [1].", numbers: [1] },
    { sentence: "L'ulivo si pota a marzo.", numbers: [2] },
  ]);
  expect(citedSentences("Dodici fontane [1, 2].")[0]?.numbers).toEqual([1, 2]);
});

test("spec 001 §5: a citation number above 100 is a chunk id", () => {
  expect(sourceOfCitation(2, sources)?.chunkId).toBe("502");
  expect(sourceOfCitation(501, sources)?.noteNumber).toBe(1);
  expect(sourceOfCitation(7, sources)).toBeNull();
});

test("faithful citations pass, a planted wrong one is weak, and one note is called for", async () => {
  const faithful = "Villa Aurora fu costruita nel 1620 per il conte Ferrante Bassi [1]. L'ulivo si pota tra febbraio e marzo [2].";
  const good = await validateCitations(faithful, sources, localEmbedder(), settings);
  expect(good.citations.map((citation) => citation.weak)).toEqual([false, false]);
  expect(good.warn).toBe(false);

  const planted =
    "Villa Aurora fu costruita nel 1620 per il conte Ferrante Bassi [1]. La Fontana del Tritone lancia un getto alto otto metri [2].";
  const bad = await validateCitations(planted, sources, localEmbedder(), settings);
  expect(bad.citations.map((citation) => citation.weak)).toEqual([false, true]);
  // Its names (Fontana, Tritone) are not in the olive-pruning passage it cites.
  expect(bad.citations[1]?.scores.entity).toBe(0);
  expect(bad.weakShare).toBe(0.5);
  expect(bad.warn).toBe(true);
  expect(bad.confidenceBySource.get(2)).toBeLessThan(settings.confidenceThreshold);
  // The same answer under a tolerant mismatch threshold: weak citations, but no note.
  expect((await validateCitations(planted, sources, localEmbedder(), { ...settings, mismatchThreshold: 0.5 })).warn).toBe(false);
});

test("a number that names no source is an invented citation", async () => {
  const result = await validateCitations("Il giardino ha dodici fontane [9].", sources, localEmbedder(), settings);
  expect(result.citations).toEqual([expect.objectContaining({ noteNumber: null, confidence: 0, weak: true })]);
});

test("a wrong number in a sentence lowers its validity", async () => {
  const result = await validateCitations(
    "Villa Aurora fu costruita nel 1720 per il conte Ferrante Bassi [1].",
    sources,
    localEmbedder(),
    settings,
  );
  expect(result.citations[0]?.scores.valid).toBe(0);
});

test("adaptive validation eases the thresholds for short passages", async () => {
  const short = [{ noteNumber: 1, chunkId: "9", text: "Le siepi sono alte un metro e ottanta." }];
  const answer = "Le siepi del labirinto sono molto alte, circa un metro e ottanta [1].";
  const [measured] = (await validateCitations(answer, short, localEmbedder(), { ...settings, adaptiveValidation: false })).citations;
  const confidence = measured?.confidence ?? 0;
  expect(confidence).toBeGreaterThan(0.3);
  // A threshold just above this citation's confidence, but within the adaptive easing (× 0.75).
  const strict = { ...settings, semanticThreshold: 0.01, confidenceThreshold: Math.min(1, confidence / 0.9) };
  const [plain] = (await validateCitations(answer, short, localEmbedder(), { ...strict, adaptiveValidation: false })).citations;
  const [eased] = (await validateCitations(answer, short, localEmbedder(), strict)).citations;
  expect(plain?.confidence).toBe(eased?.confidence);
  expect(plain?.weak).toBe(true);
  expect(eased?.weak).toBe(false);
});

test("the warning note is appended once: never when the text already has it; copies reduced to one", () => {
  expect(warningToAppend("Risposta [1].", true)).toBe(`\n\n${ragMessages.citationWarning}`);
  expect(warningToAppend(`Risposta [1].\n\n${ragMessages.citationWarning}`, true)).toBe("");
  expect(warningToAppend("Risposta [1].", false)).toBe("");
  const twice = `${ragMessages.citationWarning}\n\nRisposta [1].\n\n${ragMessages.citationWarning}`;
  expect(withSingleWarning(twice)).toBe(`Risposta [1].\n\n${ragMessages.citationWarning}`);
});
