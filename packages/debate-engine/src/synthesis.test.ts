import { expect, test } from "vitest";
import { formatSynthesisAnalysis, parseSynthesisAnalysis, SynthesisFormatError, type SynthesisAnalysis } from "./synthesis";

const analysis: SynthesisAnalysis = {
  introduction: "Il dibattito ha messo a confronto treno e aereo.",
  syntheses: [
    {
      title: "Treno per le tratte brevi",
      text: "Sotto i 700 km vince il treno.",
      plan: ["Mappare le tratte entro un mese.", "Spostare i viaggi brevi sul treno entro sei mesi."],
    },
    { title: "Aereo per le lunghe distanze", text: "Oltre i 1000 km l'aereo resta necessario." },
    { title: "Compensazione", text: "Compensare le emissioni residue." },
  ],
  conclusions: "Resta aperta la questione dei costi. Conviene partire dalla mappatura.",
};

test("the written analysis parses back to the same data", () => {
  expect(parseSynthesisAnalysis(formatSynthesisAnalysis(analysis))).toEqual(analysis);
});

test("a model's varied markup still parses; only the first synthesis keeps a plan", () => {
  const answer = [
    "**Introduzione**",
    "Il dibattito ha messo a confronto treno e aereo.",
    "",
    "### Sintesi 1 – Treno per le tratte brevi",
    "Sotto i 700 km vince il treno.",
    "**Piano operativo:**",
    "1) Mappare le tratte entro un mese.",
    "- Spostare i viaggi brevi sul treno entro sei mesi.",
    "Sintesi 2: Aereo per le lunghe distanze",
    "Oltre i 1000 km l'aereo resta necessario.",
    "## Sintesi 3: Compensazione",
    "Compensare le emissioni residue.",
    "Piano operativo",
    "1. Non richiesto.",
    "Conclusioni:",
    "Resta aperta la questione dei costi. Conviene partire dalla mappatura.",
  ].join("\n");
  const parsed = parseSynthesisAnalysis(answer);
  expect(parsed.syntheses[0]).toEqual(analysis.syntheses[0]);
  expect(parsed.syntheses[1]).toEqual(analysis.syntheses[1]);
  expect(parsed.syntheses[2].text).toBe("Compensare le emissioni residue.\nPiano operativo\n1. Non richiesto.");
  expect(parsed.conclusions).toBe(analysis.conclusions);
});

test("a long sentence that begins with a section's name is not a heading", () => {
  const answer = formatSynthesisAnalysis(analysis).replace(
    "Oltre i 1000 km",
    "Conclusioni affrettate sarebbero un errore, perché il quadro cambia con la distanza e con il costo del biglietto.\nOltre i 1000 km",
  );
  expect(parseSynthesisAnalysis(answer).syntheses[1].text).toContain("Conclusioni affrettate");
});

test("an answer without all the sections is an analysis error", () => {
  expect(() => parseSynthesisAnalysis("Il treno è meglio. Che ne pensi?")).toThrow(SynthesisFormatError);
  expect(() => parseSynthesisAnalysis(formatSynthesisAnalysis(analysis).replace(/## Sintesi 3[\s\S]*?(?=## Conclusioni)/, ""))).toThrow(
    "Sintesi 3",
  );
});
