import { expect, test } from "vitest";
import { debateSubject, extractCustomModels, splitTopic } from "./topic";
import { debatePreview } from "./selectors";

test.each([
  ["Smart working contro ufficio", "Smart working", "ufficio"],
  ["Roma vs Milano", "Roma", "Milano"],
  ["Roma vs. Milano", "Roma", "Milano"],
  ["Roma v.s. Milano", "Roma", "Milano"],
  ["Nucleare versus rinnovabili", "Nucleare", "rinnovabili"],
  ["Cani verso gatti", "Cani", "gatti"],
  ["Mare oppure montagna", "Mare", "montagna"],
  ["Meglio il mare o la montagna?", "Meglio il mare", "la montagna"],
  // case-insensitive
  ["Tram CONTRO metropolitana", "Tram", "metropolitana"],
  ["Tè O caffè", "Tè", "caffè"],
  // "o" only as a word: not inside "Torino", "oro", "oppure", "ozio"
  ["Torino oro ozio", "Torino oro", "ozio"],
  ["Roma contro Torino o Milano", "Roma", "Torino o Milano"],
  // a separator that leaves a side empty is not the split
  ["O la borsa o la vita", "O la borsa", "la vita"],
  ["Contro ogni previsione il treno arriva", "Contro ogni previsione", "il treno arriva"],
  // no separator: in half, by words (the first half takes the odd word)
  ["Lavoro ibrido nelle aziende italiane moderne", "Lavoro ibrido nelle", "aziende italiane moderne"],
  ["Energia solare eolica", "Energia solare", "eolica"],
  ["Nucleare", "Nucleare", "Contro Nucleare"],
])("%s → A «%s», B «%s»", (topic, a, b) => {
  expect(splitTopic(topic)).toEqual({ A: a, B: b });
});

test('Model-A="…" and Model-B="…" are taken out of the topic', () => {
  expect(extractCustomModels('Mare o montagna Model-A="llama-3.3-70b-versatile" model-b = “gemma-7b-it”')).toEqual({
    text: "Mare o montagna",
    models: { A: "llama-3.3-70b-versatile", B: "gemma-7b-it" },
  });
  const subject = debateSubject({ topic: 'Model-B="mixtral-8x7b-32768" Treno contro aereo' });
  expect(subject).toMatchObject({
    topic: "Treno contro aereo",
    options: { A: "Treno", B: "aereo" },
    customModels: { B: "mixtral-8x7b-32768" },
  });
});

test("the DEBATE tab's two theses are the two options, cleaned", () => {
  expect(debateSubject({ theses: ["La settimana corta aumenta la produttività 🚀", "  La settimana corta la riduce "] })).toEqual({
    mode: "debate",
    topic: "La settimana corta aumenta la produttività contro la settimana corta la riduce",
    options: { A: "La settimana corta aumenta la produttività", B: "La settimana corta la riduce" },
    customModels: {},
  });
});

// Issue 27 §5: the second thesis continues the topic's sentence; a name or an acronym keeps its capitals.
test.each([
  [["Le auto elettriche", "Le auto a benzina"], "Le auto elettriche contro le auto a benzina"],
  [["Il treno", "L'aereo"], "Il treno contro l'aereo"],
  [["Lavorare da casa", "Lavorare in ufficio"], "Lavorare da casa contro lavorare in ufficio"],
  [["Milano", "Roma"], "Milano contro Roma"],
  [["La Cina", "USA"], "La Cina contro USA"],
] as const)("the theses %j make the topic «%s»", (theses, topic) => {
  expect(debateSubject({ theses })).toMatchObject({ topic, options: { A: theses[0], B: theses[1] } });
});

test("the thesis to refute keeps a name's or an acronym's capitals after 'Non è vero che'", () => {
  expect(debateSubject({ thesis: "USA e Cina guidano la ricerca" })?.options.B).toBe("Non è vero che USA e Cina guidano la ricerca");
  expect(debateSubject({ thesis: "Roma è più bella di Milano" })?.options.B).toBe("Non è vero che Roma è più bella di Milano");
  expect(debateSubject({ thesis: "Lavorare da casa rende di più" })?.options.B).toBe("Non è vero che lavorare da casa rende di più");
});

test("a challenge defends the thesis with A and refutes it with B", () => {
  expect(debateSubject({ thesis: "Il nucleare è la soluzione al clima." })).toMatchObject({
    mode: "challenge",
    topic: "Il nucleare è la soluzione al clima",
    options: { A: "Il nucleare è la soluzione al clima", B: "Non è vero che il nucleare è la soluzione al clima" },
  });
});

test.each([
  { topic: "   " },
  { topic: "💬 🤖" },
  { theses: ["Tesi", " "] as const },
  { theses: ["", "Tesi"] as const },
  { thesis: "" },
  { topic: 'Model-A="x"' },
])("nothing to debate in %j", (input) => {
  expect(debateSubject(input)).toBeNull();
});

test("the preview says what a start would debate, models named in the text included", () => {
  const settings = { models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" } };
  expect(debatePreview(settings, { theses: ["Il treno", 'L\'aereo Model-B="llama3:latest"'] }, "debate")).toEqual({
    options: { A: "Il treno", B: "L'aereo" },
    models: { A: "openai/gpt-oss-120b", B: "llama3:latest" },
  });
  expect(debatePreview(settings, { thesis: "Il treno vince" }, "challenge")?.options).toEqual({
    A: "Il treno vince",
    B: "Non è vero che il treno vince",
  });
  expect(debatePreview(settings, { theses: ["Il treno", " "] }, "synthesis")).toBeNull();
});
