import { describe, expect, it } from "vitest";
import { parseReferences } from "./legal-reference";
import { actName, referenceCitation, referenceLabel } from "./reference-labels";

describe("reference labels", () => {
  it("names acts in full", () => {
    expect(actName("cost")).toBe("Costituzione");
    expect(actName("dlgs:196/2003")).toBe("D.Lgs. 196/2003");
    expect(actName("dpr:917/1986")).toBe("TUIR (D.P.R. 917/1986)");
    expect(actName("circ:12/e/2024")).toBe("Circolare 12/E/2024");
    expect(actName("oic:12")).toBe("OIC 12");
  });

  it("labels a passage as lawyers cite it", () => {
    expect(referenceLabel({ act: "cost", article: "21", comma: "2" })).toBe("Art. 21, comma 2 — Costituzione");
    expect(referenceLabel({ act: "dlgs:196/2003", article: "2-septies" })).toBe("Art. 2-septies — D.Lgs. 196/2003");
    expect(referenceLabel({ article: "3" })).toBe("Art. 3");
    expect(referenceLabel({})).toBeNull();
  });

  it("cites a reference in a sentence the way it is parsed back", () => {
    for (const [reference, text] of [
      [{ act: "cc", article: "2043" }, "art. 2043 c.c."],
      [{ act: "cost", article: "21", comma: "2" }, "art. 21, comma 2, Cost."],
      [{ act: "dlgs:196/2003", article: "2-septies" }, "art. 2-septies d.lgs. 196/2003"],
      [{ act: "dpr:917/1986", article: "109" }, "art. 109 TUIR"],
    ] as const) {
      expect(referenceCitation(reference)).toBe(text);
      const [parsed] = parseReferences(text);
      expect(parsed).toMatchObject({ act: reference.act, articles: [reference.article] });
    }
  });
});
