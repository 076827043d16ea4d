import { noteLandmarks, slideLandmark } from "./landmarks";
import { coreTitle, relatedParts, relationshipsOf } from "./ooxml-package";
import { CELL_SEPARATOR } from "./table-rows";
import { attribute, readXml, ReadingBlocks, relationshipIdOf } from "./xml-stream";
import type { ZipPackage } from "./zip-package";

// A PowerPoint file (pptx, pptm, ppsx, ppsm, potx, potm — issue 54 §2): each slide in the order of
// the presentation, announced by its number, its shapes' paragraphs and its tables' rows in the
// order the slide holds them, then its speaker notes, marked as such.

/** Placeholders whose text is the slide's furniture, not its content: its number, its date. */
const FURNITURE = new Set(["sldNum", "dt", "sldImg", "hdr", "ftr"]);

/** The blocks of one slide (or notes page): a paragraph each, a table's row each. */
function slideBlocks(pkg: ZipPackage, part: string, skipped: ReadonlySet<string>): string[] {
  const blocks: string[] = [];
  let paragraph: string | null = null;
  let inText = false;
  let furniture = false;
  let fallback = 0;
  let cell: string[] | null = null;
  let row: string[] | null = null;
  readXml(pkg, part, {
    open: (name, attributes) => {
      if (name === "Fallback" || fallback > 0) fallback += 1;
      else if (name === "sp") furniture = false;
      else if (name === "ph") furniture = skipped.has(attribute(attributes, "type") ?? "");
      else if (name === "p") paragraph = "";
      else if (name === "t") inText = true;
      else if (name === "br" && paragraph !== null) paragraph += " ";
      else if (name === "tr") row = [];
      else if (name === "tc") cell = [];
    },
    text: (text) => {
      if (inText && paragraph !== null && fallback === 0) paragraph += text;
    },
    close: (name) => {
      if (fallback > 0) fallback -= 1;
      else if (name === "t") inText = false;
      else if (name === "sp") furniture = false;
      else if (name === "p" && paragraph !== null) {
        const text = paragraph.trim();
        if (text && !furniture) (cell ?? blocks).push(text);
        paragraph = null;
      } else if (name === "tc" && cell) {
        row?.push(cell.join(" "));
        cell = null;
      } else if (name === "tr" && row) {
        const line = row.filter(Boolean).join(CELL_SEPARATOR);
        if (line) blocks.push(line);
        row = null;
      }
    },
  });
  return blocks;
}

export function slidesText(pkg: ZipPackage, main: string, maxCharacters: number): { title: string; text: string } {
  const targets = new Map(relationshipsOf(pkg, main).map((relationship) => [relationship.id, relationship.target]));
  const slides: string[] = [];
  readXml(pkg, main, {
    open: (name, attributes) => {
      const part = name === "sldId" ? targets.get(relationshipIdOf(attributes) ?? "") : undefined;
      if (part) slides.push(part);
    },
  });
  const out = new ReadingBlocks(maxCharacters);
  slides.forEach((slide, index) => {
    out.push(slideLandmark(index + 1));
    slideBlocks(pkg, slide, FURNITURE).forEach((block) => out.push(block));
    const notes = relatedParts(relationshipsOf(pkg, slide), "notesSlide")[0];
    const spoken = notes ? slideBlocks(pkg, notes, FURNITURE).join(" ") : "";
    if (spoken) out.push(noteLandmarks.speakerNotes(spoken));
  });
  return { title: coreTitle(pkg), text: out.text };
}
