// Issue 25: where a cited passage lies on a PDF page, as the pieces of the page's text items
// (pdf.js's text layer: one element per item) to mark. The passage was indexed from the same
// items (apps/api pdf-text: the items joined, lines broken where pdf.js says), then its blanks
// made single spaces: the two are compared without any whitespace at all.

/** Part of one text item to mark: its index in the page's items and [start, end) in its text. */
export type MarkedRange = { item: number; start: number; end: number };

/** How many characters of the passage's start and end find it when the whole does not match. */
const ANCHOR = 40;

type Letter = { item: number; offset: number };

/** The page's letters without whitespace, each knowing where it came from. */
function lettersOf(items: readonly string[]): { text: string; origin: Letter[] } {
  let text = "";
  const origin: Letter[] = [];
  items.forEach((item, index) => {
    for (let offset = 0; offset < item.length; offset += 1) {
      const letter = item.charAt(offset);
      if (/\s/.test(letter)) continue;
      text += letter;
      origin.push({ item: index, offset });
    }
  });
  return { text, origin };
}

const withoutBlanks = (text: string) => text.replace(/\s+/g, "");

/** Where the passage starts and ends among the page's letters, or null when it is not there. */
function locate(page: string, passage: string): { from: number; to: number } | null {
  if (!passage) return null;
  const whole = page.indexOf(passage);
  if (whole >= 0) return { from: whole, to: whole + passage.length };
  // A few letters read differently (a ligature, a hyphen at the end of a line): its ends.
  const head = page.indexOf(passage.slice(0, ANCHOR));
  if (head < 0) return null;
  const tail = page.indexOf(passage.slice(-ANCHOR), head);
  if (tail < 0) return null;
  return { from: head, to: tail + Math.min(ANCHOR, passage.length) };
}

/** The ranges of the page's items that hold the passage; empty when it is not on the page. */
export function passageOnPage(items: readonly string[], passage: string): MarkedRange[] {
  const { text, origin } = lettersOf(items);
  const found = locate(text, withoutBlanks(passage));
  if (!found) return [];
  const ranges: MarkedRange[] = [];
  for (const { item, offset } of origin.slice(found.from, found.to)) {
    const last = ranges.at(-1);
    if (last?.item === item) last.end = offset + 1;
    else ranges.push({ item, start: offset, end: offset + 1 });
  }
  return ranges;
}
