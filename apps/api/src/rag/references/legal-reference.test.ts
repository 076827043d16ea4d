import { describe, expect, it } from "vitest";
import { articleOfHeading, parseReferences, withoutActWords } from "./legal-reference";

const first = (text: string) => {
  const [reference] = parseReferences(text);
  if (!reference) throw new Error(`nessun riferimento in «${text}»`);
  const { start: _start, end: _end, ...rest } = reference;
  return rest;
};

describe("parseReferences: articles", () => {
  it.each([
    ["art. 21 Cost.", { act: "cost", articles: ["21"] }],
    ["Art. 21 della Costituzione", { act: "cost", articles: ["21"] }],
    ["articolo 2043 del codice civile", { act: "cc", articles: ["2043"] }],
    ["art. 2043 c.c.", { act: "cc", articles: ["2043"] }],
    ["art 575 c.p.", { act: "cp", articles: ["575"] }],
    ["art. 700 c.p.c.", { act: "cpc", articles: ["700"] }],
    ["art. 335 c.p.p.", { act: "cpp", articles: ["335"] }],
    ["artt. 2043 e 2059 c.c.", { act: "cc", articles: ["2043", "2059"] }],
    ["articoli 1175, 1375 c.c.", { act: "cc", articles: ["1175", "1375"] }],
  ])("%s", (text, expected) => expect(first(text)).toEqual(expected));

  it.each(["2-septies", "2 septies", "2septies", "2 - septies", "2–septies", "2-SEPTIES"])("the Latin suffix written «%s»", (written) =>
    expect(first(`art. ${written} d.lgs. 196/03`)).toEqual({ act: "dlgs:196/2003", articles: ["2-septies"] }),
  );

  it.each([
    ["bis", "55-bis"],
    ["ter", "55-ter"],
    ["quater", "55-quater"],
    ["quinquies", "55-quinquies"],
    ["sexies", "55-sexies"],
    ["octies", "55-octies"],
    ["novies", "55-novies"],
    ["nonies", "55-novies"],
    ["decies", "55-decies"],
    ["undecies", "55-undecies"],
    ["duodecies", "55-duodecies"],
    ["terdecies", "55-terdecies"],
    ["quaterdecies", "55-quaterdecies"],
    ["quinquiesdecies", "55-quinquiesdecies"],
  ])("suffix %s", (suffix, key) => expect(first(`art. 55 ${suffix} d.lgs. 165/2001`).articles).toEqual([key]));

  it("keeps 55 apart from 55-ter", () => {
    expect(first("art. 55 del d.lgs. 165/2001").articles).toEqual(["55"]);
    expect(first("art. 55-ter del d.lgs. 165/2001").articles).toEqual(["55-ter"]);
  });

  it.each([
    ["art. 21, comma 2, Cost.", { comma: "2" }],
    ["art. 3, co. 2, D.Lgs. 81/08", { comma: "2" }],
    ["art. 3 c. 2 d.lgs. 81/2008", { comma: "2" }],
    ["art. 1, comma 1-bis, l. 241/1990", { comma: "1-bis" }],
    ["secondo comma dell'art. 2043 c.c.", { comma: "2" }],
    ["art. 2043, primo comma, c.c.", { comma: "1" }],
    ["art. 4, lett. b), d.lgs. 196/2003", { lettera: "b" }],
    ["art. 4, lettera c) del d.lgs. 196/2003", { lettera: "c" }],
    ["art. 4, n. 11, GDPR", { numero: "11" }],
    ["art. 6, comma 1, lett. a), Reg. (UE) 2016/679", { comma: "1", lettera: "a" }],
  ])("%s", (text, expected) => expect(first(text)).toMatchObject(expected));

  it("an article alone", () => expect(first("che dice l'art. 21?")).toEqual({ articles: ["21"] }));
  it("the act before the article", () =>
    expect(first("d.lgs. 196/2003, art. 2-septies")).toMatchObject({ act: "dlgs:196/2003", articles: ["2-septies"] }));
});

describe("parseReferences: acts", () => {
  it.each([
    ["d.lgs. 196/2003", "dlgs:196/2003"],
    ["D.Lgs. 196/03", "dlgs:196/2003"],
    ["D.lgs. n. 196 del 2003", "dlgs:196/2003"],
    ["dlgs 196/2003", "dlgs:196/2003"],
    ["decreto legislativo 30 giugno 2003, n. 196", "dlgs:196/2003"],
    ["Decreto Legislativo n. 81/2008", "dlgs:81/2008"],
    ["L. 241/1990", "l:241/1990"],
    ["legge 7 agosto 1990, n. 241", "l:241/1990"],
    ["legge n. 241 del 1990", "l:241/1990"],
    ["legge 300/70", "l:300/1970"],
    ["D.L. 18/2020", "dl:18/2020"],
    ["decreto-legge 17 marzo 2020, n. 18", "dl:18/2020"],
    ["D.P.R. 445/2000", "dpr:445/2000"],
    ["R.D. 267/1942", "rd:267/1942"],
    ["regio decreto 16 marzo 1942, n. 267", "rd:267/1942"],
    ["D.M. 37/2008", "dm:37/2008"],
    ["Reg. (UE) 2016/679", "reg-ue:2016/679"],
    ["Regolamento (UE) n. 2016/679", "reg-ue:2016/679"],
    ["Regolamento UE 2016/679", "reg-ue:2016/679"],
    ["GDPR", "reg-ue:2016/679"],
    ["Direttiva (UE) 2019/1937", "dir-ue:2019/1937"],
    ["direttiva 95/46/CE", "dir-ce:95/46"],
    ["Costituzione", "cost"],
    ["codice della strada", "dlgs:285/1992"],
    ["codice privacy", "dlgs:196/2003"],
    ["codice dei contratti pubblici", "dlgs:36/2023"],
    ["codice del consumo", "dlgs:206/2005"],
    ["TUIR", "dpr:917/1986"],
    ["TUF", "dlgs:58/1998"],
    ["OIC 12", "oic:12"],
    ["IAS 16", "ias:16"],
    ["IFRS 15", "ifrs:15"],
    ["circolare 12/E del 2024", "circ:12/e/2024"],
    ["circolare n. 12/E", "circ:12/e"],
    ["risoluzione 45/E 2023", "ris:45/e/2023"],
    ["interpello n. 123/2024", "interpello:123/2024"],
    ["risposta a interpello n. 45 del 2023", "interpello:45/2023"],
  ])("%s", (text, act) => expect(first(text)).toEqual({ act, articles: [] }));

  it("art. 109 TUIR and art. 2-septies of the codice privacy", () => {
    expect(first("art. 109 TUIR")).toEqual({ act: "dpr:917/1986", articles: ["109"] });
    expect(first("art. 2-septies del codice privacy")).toEqual({ act: "dlgs:196/2003", articles: ["2-septies"] });
  });

  it("finds several references in one text, in order", () => {
    const found = parseReferences("Confronta l'art. 2043 c.c. con l'art. 185 c.p. e con l'OIC 12.");
    expect(found.map((reference) => [reference.act, reference.articles])).toEqual([
      ["cc", ["2043"]],
      ["cp", ["185"]],
      ["oic:12", []],
    ]);
  });

  it("reads no reference in ordinary words", () => {
    expect(parseReferences("Il costo del lavoro e i costi di produzione della parte 2")).toEqual([]);
    expect(parseReferences("Partecipa all'arte del 2020")).toEqual([]);
  });
});

describe("withoutActWords", () => {
  it("keeps the numbers and drops the act's abbreviations", () => {
    expect(withoutActWords("art. 21 Cost. libertà di stampa")).toBe("21 libertà di stampa");
    expect(withoutActWords("art. 2-septies d.lgs. 196/03")).toBe("2-septies 196 2003");
    expect(withoutActWords("art. 21 della Costituzione")).toBe("21 della Costituzione");
    expect(withoutActWords("quanto costa il servizio?")).toBe("quanto costa il servizio?");
  });

  it("drops the frame of a question about the law, only at its start (issue 49)", () => {
    expect(withoutActWords("regole su perizia, provvedimento e consenso")).toBe("perizia, provvedimento e consenso");
    expect(withoutActWords("Quale norma disciplina proprietà temporaneo e interessi?")).toBe("proprietà temporaneo e interessi?");
    expect(withoutActWords("Norme in materia di sicurezza sul lavoro")).toBe("sicurezza sul lavoro");
    expect(withoutActWords("le regole sulla privacy art. 21 Cost.")).toBe("privacy 21");
    // Elsewhere the same words are the topic.
    expect(withoutActWords("sanzioni per chi viola le regole su strada")).toBe("sanzioni per chi viola le regole su strada");
    expect(withoutActWords("regole del firewall")).toBe("regole del firewall");
  });
});

describe("articleOfHeading", () => {
  it.each([
    ["Art. 21", "21"],
    ["Articolo 2-ter", "2-ter"],
    ["Art. 55-ter. (Rapporti fra procedimento disciplinare e procedimento penale)", "55-ter"],
    ["ART. 3 - Definizioni", "3"],
    ["Art. 2 septies", "2-septies"],
    ["Articolo 12.", "12"],
  ])("%s", (line, article) => expect(articleOfHeading(line)).toBe(article));

  it.each(["Articolo 3 della Costituzione dice che", "L'art. 21 tutela", "Arte 21"])("not «%s»", (line) =>
    expect(articleOfHeading(line)).toBeNull(),
  );
});
