import { expect, test } from "vitest";
import { asMidSentence } from "./mid-sentence";

test.each([
  // articles, elided ones too, and prepositions
  ["Le auto a benzina", "le auto a benzina"],
  ["Il treno", "il treno"],
  ["L'aereo è più rapido", "l'aereo è più rapido"],
  ["Un’auto elettrica", "un’auto elettrica"],
  ["Gli USA", "gli USA"],
  ["Nelle città si vive meglio", "nelle città si vive meglio"],
  // pronouns, adverbs and verbs a thesis opens with
  ["Non serve", "non serve"],
  ["Meglio il mare", "meglio il mare"],
  ["C'è bisogno di treni", "c'è bisogno di treni"],
  ["Bisogna vietare le auto", "bisogna vietare le auto"],
  ["Lavorare in ufficio", "lavorare in ufficio"],
  ["Muoversi in bici", "muoversi in bici"],
  ["Ovviamente il mare", "ovviamente il mare"],
])("an ordinary first word is lowered: %s → %s", (text, expected) => {
  expect(asMidSentence(text)).toBe(expected);
});

test.each([
  // names: a capital word we cannot tell from an ordinary one stays as typed
  "Roma è più bella",
  "Milano",
  "Python è meglio di Java",
  // acronyms, brands and models: more than the first letter is a capital
  "USA e Cina",
  "AI generativa",
  "iPhone contro Android",
  "OYSTAR",
  // already lower, or not a word
  "le auto a benzina",
  "«Le auto» a benzina",
  "2 ruote",
  "",
])("a name, an acronym or what is not an ordinary word stays as typed: %s", (text) => {
  expect(asMidSentence(text)).toBe(text);
});
