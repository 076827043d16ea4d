import { sheetLandmark, noteLandmarks } from "./landmarks";
import { coreTitle, relatedParts, relationshipsOf } from "./ooxml-package";
import { RowsUnderHeader } from "./table-rows";
import { attribute, readXml, ReadingBlocks, relationshipIdOf } from "./xml-stream";
import type { ZipPackage } from "./zip-package";

// An Excel workbook (xlsx, xlsm, xltx, xltm — issue 54 §2): each sheet announced by its name, its
// rows under their header as they stream by (a sheet of tens of megabytes of XML is never held
// whole), then its cells' comments. A cell holds its value: a shared string, an inline string,
// a formula's last result, a number as Excel wrote it.

/** The shared strings, in order: a cell of type «s» holds an index into them. */
function sharedStrings(pkg: ZipPackage, part: string | undefined): string[] {
  const strings: string[] = [];
  if (!part) return strings;
  let current: string | null = null;
  let inText = false;
  // Phonetic readings (<rPh>) of East Asian text repeat it: left out.
  let phonetic = 0;
  readXml(pkg, part, {
    open: (name) => {
      if (name === "si") current = "";
      else if (name === "rPh") phonetic += 1;
      else if (name === "t") inText = phonetic === 0;
    },
    text: (text) => {
      if (inText && current !== null) current += text;
    },
    close: (name) => {
      if (name === "si" && current !== null) {
        strings.push(current);
        current = null;
      } else if (name === "rPh") phonetic -= 1;
      else if (name === "t") inText = false;
    },
  });
  return strings;
}

/** «C12» → 2 (the column's index from 0). */
function columnOf(reference: string | undefined): number | null {
  const letters = /^[A-Z]+/i.exec(reference ?? "")?.[0];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** Streams one sheet's rows, under their header, into `out`. */
function readSheet(pkg: ZipPackage, part: string, strings: readonly string[], out: ReadingBlocks) {
  const table = new RowsUnderHeader();
  let row: string[] = [];
  let column = 0;
  let cell: { type: string; value: string } | null = null;
  let reading: "v" | "t" | null = null;
  let inline = 0;
  let phonetic = 0;
  readXml(pkg, part, {
    open: (name, attributes) => {
      if (name === "row") {
        row = [];
        column = 0;
      } else if (name === "c") {
        column = columnOf(attribute(attributes, "r")) ?? column;
        cell = { type: attribute(attributes, "t") ?? "n", value: "" };
      } else if (name === "is") inline += 1;
      else if (name === "rPh") phonetic += 1;
      else if (cell && (name === "v" || (name === "t" && inline > 0 && phonetic === 0))) reading = name;
    },
    text: (text) => {
      if (cell && reading) cell.value += text;
    },
    close: (name) => {
      if (name === "v" || name === "t") reading = null;
      else if (name === "is") inline -= 1;
      else if (name === "rPh") phonetic -= 1;
      else if (name === "c" && cell) {
        const value = cell.type === "s" ? (strings[Number(cell.value)] ?? "") : cell.value;
        row[column] = value.replace(/\s+/g, " ").trim();
        column += 1;
        cell = null;
      } else if (name === "row") out.push(table.add(Array.from(row, (value) => value ?? "")));
    },
  });
}

/** A sheet's comments, each with the cell it stands on. */
function readComments(pkg: ZipPackage, part: string, out: ReadingBlocks) {
  let current: { ref: string; text: string } | null = null;
  let inText = false;
  readXml(pkg, part, {
    open: (name, attributes) => {
      if (name === "comment") current = { ref: attribute(attributes, "ref") ?? "", text: "" };
      else if (name === "t") inText = true;
    },
    text: (text) => {
      if (inText && current) current.text += text;
    },
    close: (name) => {
      if (name === "t") inText = false;
      else if (name === "comment" && current) {
        out.push(noteLandmarks.cellComment(current.ref, current.text));
        current = null;
      }
    },
  });
}

export function sheetText(pkg: ZipPackage, main: string, maxCharacters: number): { title: string; text: string } {
  const relationships = relationshipsOf(pkg, main);
  const targets = new Map(relationships.map((relationship) => [relationship.id, relationship.target]));
  const sheets: Array<{ name: string; part: string }> = [];
  readXml(pkg, main, {
    open: (name, attributes) => {
      const part = targets.get(relationshipIdOf(attributes) ?? "");
      if (name === "sheet" && part) sheets.push({ name: attribute(attributes, "name") ?? "", part });
    },
  });
  const strings = sharedStrings(pkg, relatedParts(relationships, "sharedStrings")[0]);
  const out = new ReadingBlocks(maxCharacters);
  for (const sheet of sheets) {
    out.push(sheetLandmark(sheet.name));
    readSheet(pkg, sheet.part, strings, out);
    for (const comments of relatedParts(relationshipsOf(pkg, sheet.part), "comments")) readComments(pkg, comments, out);
  }
  return { title: coreTitle(pkg), text: out.text };
}
