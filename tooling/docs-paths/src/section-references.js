// The sections a comment cites, and whether docs/ has them (issue 53 §7). Comments say where a rule
// comes from — "spec 001 §4", "DESIGN.md §5" — and docs/ holds those sections: product.md retells
// the two specification documents under headings "000 §N" and "001 §N", architecture.md keeps the
// design notes' numbering under headings "N. …". A citation of a section docs/ lacks is a
// reference a reader cannot follow.

/** Where each kind of citation resolves: the page, and the heading that makes section N. */
export const CITED_PAGES = {
  spec: { page: "docs/product.md", heading: (document, n) => new RegExp(`^#{1,6} ${document} §${n}\\.`, "m") },
  design: { page: "docs/architecture.md", heading: (_document, n) => new RegExp(`^## ${n}\\. `, "m") },
};

/**
 * The citations in a text: `spec 000 §2`, `spec 001 §2–§5` (every section of the range) and
 * `DESIGN.md §7–§8`, with their line numbers.
 * @param {string} text
 * @returns {{ kind: "spec" | "design", document: string, section: number, line: number }[]}
 */
export function citations(text) {
  const found = [];
  text.split("\n").forEach((line, index) => {
    for (const match of line.matchAll(/\b(?:spec (000|001)|DESIGN\.md) §(\d+)(?:\s*[–-]\s*§?(\d+))?/g)) {
      const first = Number(match[2]);
      const last = match[3] === undefined ? first : Number(match[3]);
      for (let section = first; section <= Math.max(first, last); section += 1) {
        found.push({ kind: match[1] ? "spec" : "design", document: match[1] ?? "DESIGN.md", section, line: index + 1 });
      }
    }
  });
  return found;
}

/**
 * The citations of `files` that docs/ cannot resolve: the page is missing, or has no heading for
 * the section.
 * @param {{ path: string, text: string }[]} files the repository's source and documentation files
 * @param {(page: string) => string | null} readPage the text of a page of docs/, null when it is missing
 * @returns {{ file: string, line: number, citation: string, page: string }[]}
 */
export function unresolvedCitations(files, readPage) {
  const pages = new Map();
  const pageText = (page) => {
    if (!pages.has(page)) pages.set(page, readPage(page));
    return pages.get(page);
  };
  const unresolved = [];
  for (const { path, text } of files) {
    for (const citation of citations(text)) {
      const { page, heading } = CITED_PAGES[citation.kind];
      const resolvedBy = pageText(page);
      if (resolvedBy !== null && heading(citation.document, citation.section).test(resolvedBy)) continue;
      const name = citation.kind === "spec" ? `spec ${citation.document} §${citation.section}` : `DESIGN.md §${citation.section}`;
      unresolved.push({ file: path, line: citation.line, citation: name, page });
    }
  }
  return unresolved;
}
