// Issue 49: a short act as a firm keeps it — a title, then articles in the forms the parser must
// read ('Art. 2-ter' on its own line, 'Art. 2-septies.' with its rubric, 'Articolo 3', a one-line
// article and one long enough to need passages of its own).

/** Part of the Italian privacy code (d.lgs. 196/2003), as one text file. */
export const privacyCode = [
  "DECRETO LEGISLATIVO 30 giugno 2003, n. 196",
  "Codice in materia di protezione dei dati personali.",
  "Art. 2-ter",
  "(Base giuridica per il trattamento di dati personali effettuato per l'esecuzione di un compito di interesse pubblico)",
  "1. La base giuridica prevista dall'articolo 6, paragrafo 3, lettera b), del regolamento è costituita da una norma di legge.",
  "2. La comunicazione fra titolari che effettuano trattamenti di dati personali è ammessa se prevista ai sensi del comma 1.",
  "Art. 2-septies. (Misure di garanzia per il trattamento dei dati genetici, biometrici e relativi alla salute)",
  "1. In attuazione di quanto previsto dall'articolo 9, paragrafo 4, del regolamento, i dati genetici possono essere oggetto di trattamento.",
  "Articolo 3",
  "Breve articolo di una riga.",
  "Art. 4",
  `1. ${"Una frase lunga del quarto articolo che parla di trasparenza amministrativa. ".repeat(25)}`,
].join("\n");
