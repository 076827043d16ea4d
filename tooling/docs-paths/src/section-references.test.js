import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { citations, unresolvedCitations } from "./section-references.js";

const product = "# What OYSTAR does\n\n## 000 §2. Screens and routes\n\n## 001 §4. States and transitions\n\n### 001 §4 Debate\n";
const architecture = "# How OYSTAR is built\n\n## 5. Streams\n\n## 7. Data\n\n## 8. The RAG engine\n";
const pages = { "docs/product.md": product, "docs/architecture.md": architecture };
const unresolved = (text, readPage = (page) => pages[page] ?? null) =>
  unresolvedCitations([{ path: "apps/api/src/x.ts", text }], readPage).map((u) => `${u.line}: ${u.citation}`);

describe("the sections a comment cites", () => {
  it("reads one section, a range, and the design notes", () => {
    const found = citations("// spec 000 §2: the routes\n// spec 001 §2–§4 and DESIGN.md §7-§8");
    assert.deepEqual(
      found.map((c) => `${c.line} ${c.document} ${c.section}`),
      ["1 000 2", "2 001 2", "2 001 3", "2 001 4", "2 DESIGN.md 7", "2 DESIGN.md 8"],
    );
  });
});

describe("citations docs/ cannot resolve", () => {
  it("are the sections with no heading of theirs", () => {
    assert.deepEqual(unresolved("// spec 000 §2, spec 001 §4, DESIGN.md §5\n// spec 000 §4 and DESIGN.md §6"), [
      "2: spec 000 §4",
      "2: DESIGN.md §6",
    ]);
  });

  it("never take one document's section for the other's", () => {
    assert.deepEqual(unresolved("// spec 001 §2 (000 has one, 001 does not)"), ["1: spec 001 §2"]);
  });

  it("are all of them when the page is missing", () => {
    assert.deepEqual(
      unresolved("// DESIGN.md §5", () => null),
      ["1: DESIGN.md §5"],
    );
  });
});
