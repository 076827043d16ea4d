import { coreTitle, relatedParts, relationshipsOf } from "./ooxml-package";
import { noteLandmarks } from "./landmarks";
import { CELL_SEPARATOR } from "./table-rows";
import { attribute, readXml, ReadingBlocks, type XmlHandler } from "./xml-stream";
import type { ZipPackage } from "./zip-package";
import { required } from "../../../required";

// A Word file (docx, docm, dotx, dotm — issue 54 §2) in reading order: its headers, then its body —
// paragraphs, list items, tables (a table inside a cell read where it stands), text boxes after
// the paragraph that holds them, each footnote and comment after the paragraph that cites it —
// then its endnotes and its footers. Notes, comments, headers and footers are marked as such.
// Word keeps its text only in <w:t>: deleted text (<w:delText>), field codes (<w:instrText>) and
// the fallback copy of a drawing (<mc:Fallback>) are left out.

type Sink = (block: string) => void;
type Paragraph = { text: string; list: boolean; after: string[] };
type Cell = { blocks: string[]; nested: boolean };

/** Elements whose whole content is not read: a drawing's fallback copy, text moved away (its new place holds it). */
const SKIPPED = new Set(["Fallback", "moveFrom"]);

/** The events of a part of Word's body (document, header, note) made into blocks for `sink`. */
class WordBody {
  private readonly paragraphs: Paragraph[] = [];
  private readonly sinks: Sink[];
  private readonly cells: Cell[] = [];
  private readonly rows: Cell[][] = [];
  private skipping = 0;
  private inText = false;

  constructor(
    sink: Sink,
    /** What a paragraph adds after itself when it cites a note or a comment. */
    private readonly cited: (kind: string, id: string) => string | null = () => null,
  ) {
    this.sinks = [sink];
  }

  private get sink(): Sink {
    // The body's own sink is never popped: each pop closes what a push opened.
    return required(this.sinks.at(-1), "the open sink");
  }

  readonly handler: XmlHandler = {
    open: (name, attributes) => {
      if (this.skipping > 0 || SKIPPED.has(name)) {
        this.skipping += 1;
        return;
      }
      const paragraph = this.paragraphs.at(-1);
      switch (name) {
        case "p":
          this.paragraphs.push({ text: "", list: false, after: [] });
          break;
        case "numPr":
          if (paragraph) paragraph.list = true;
          break;
        case "t":
          this.inText = true;
          break;
        case "tab":
        case "br":
        case "cr":
          if (paragraph) paragraph.text += " ";
          break;
        case "noBreakHyphen":
          if (paragraph) paragraph.text += "-";
          break;
        case "footnoteReference":
        case "endnoteReference":
        case "commentReference": {
          const block = this.cited(name, attribute(attributes, "id") ?? "");
          if (block && paragraph) paragraph.after.push(block);
          break;
        }
        case "txbxContent": {
          // A text box's paragraphs come after the paragraph it is anchored in.
          const sink = this.sink;
          this.sinks.push(paragraph ? (block) => paragraph.after.push(block) : sink);
          break;
        }
        case "tbl": {
          const cell = this.cells.at(-1);
          if (cell) cell.nested = true;
          break;
        }
        case "tr":
          this.rows.push([]);
          break;
        case "tc": {
          const cell: Cell = { blocks: [], nested: false };
          this.cells.push(cell);
          this.sinks.push((block) => cell.blocks.push(block));
          break;
        }
      }
    },
    text: (text) => {
      const paragraph = this.paragraphs.at(-1);
      if (this.inText && this.skipping === 0 && paragraph) paragraph.text += text;
    },
    close: (name) => {
      if (this.skipping > 0) {
        this.skipping -= 1;
        return;
      }
      switch (name) {
        case "t":
          this.inText = false;
          break;
        case "p": {
          const paragraph = this.paragraphs.pop();
          if (!paragraph) break;
          const text = paragraph.text.trim();
          if (text) this.sink(paragraph.list ? `- ${text}` : text);
          paragraph.after.forEach(this.sink);
          break;
        }
        case "txbxContent":
          this.sinks.pop();
          break;
        case "tc": {
          this.sinks.pop();
          const cell = this.cells.pop();
          if (cell) this.rows.at(-1)?.push(cell);
          break;
        }
        case "tr":
          this.row(this.rows.pop() ?? []);
          break;
      }
    },
  };

  /** A row of plain cells is one block, «a · b»; a row whose cells hold more (a table, several paragraphs) is read cell by cell. */
  private row(cells: Cell[]) {
    if (cells.every((cell) => !cell.nested && cell.blocks.length <= 1)) {
      const line = cells
        .map((cell) => cell.blocks[0] ?? "")
        .filter(Boolean)
        .join(CELL_SEPARATOR);
      if (line) this.sink(line);
    } else for (const cell of cells) cell.blocks.forEach(this.sink);
  }
}

/** A part's blocks, each part of its own (a header, a footer). */
function blocksOfPart(pkg: ZipPackage, part: string): string[] {
  const blocks: string[] = [];
  readXml(pkg, part, new WordBody((block) => blocks.push(block)).handler);
  return blocks;
}

/** The notes or comments of a part («footnote», «endnote», «comment»), by id: their text and, for comments, their author. */
function notesOf(pkg: ZipPackage, part: string | undefined, element: string): Map<string, { text: string; author: string }> {
  const notes = new Map<string, { text: string; author: string }>();
  if (!part) return notes;
  let current: { id: string; author: string; blocks: string[]; body: WordBody } | null = null;
  let depth = 0;
  readXml(pkg, part, {
    open: (name, attributes) => {
      if (current) {
        depth += 1;
        current.body.handler.open?.(name, attributes);
      } else if (name === element && !/separator|continuation/i.test(attribute(attributes, "type") ?? "")) {
        const blocks: string[] = [];
        const body = new WordBody((block) => blocks.push(block));
        current = { id: attribute(attributes, "id") ?? "", author: attribute(attributes, "author") ?? "", blocks, body };
        depth = 0;
      }
    },
    text: (text) => void current?.body.handler.text?.(text),
    close: (name) => {
      if (!current) return;
      if (depth === 0) {
        notes.set(current.id, { text: current.blocks.join(" "), author: current.author });
        current = null;
      } else {
        depth -= 1;
        current.body.handler.close?.(name);
      }
    },
  });
  return notes;
}

export function wordText(pkg: ZipPackage, main: string, maxCharacters: number): { title: string; text: string } {
  const relationships = relationshipsOf(pkg, main);
  const footnotes = notesOf(pkg, relatedParts(relationships, "footnotes")[0], "footnote");
  const endnotes = notesOf(pkg, relatedParts(relationships, "endnotes")[0], "endnote");
  const comments = notesOf(pkg, relatedParts(relationships, "comments")[0], "comment");
  const out = new ReadingBlocks(maxCharacters);
  const partsText = (type: string) => [
    ...new Set(
      relatedParts(relationships, type)
        .sort((left, right) => left.localeCompare(right, "en", { numeric: true }))
        .map((part) => blocksOfPart(pkg, part).join(" "))
        .filter(Boolean),
    ),
  ];
  for (const header of partsText("header")) out.push(noteLandmarks.header(header));
  // Notes are numbered in the order the text cites them, as Word numbers them.
  let footnoteNumber = 0;
  const endnoteBlocks: string[] = [];
  const cited = (kind: string, id: string): string | null => {
    if (kind === "footnoteReference") {
      const note = footnotes.get(id);
      return note?.text ? noteLandmarks.footnote((footnoteNumber += 1), note.text) : null;
    }
    if (kind === "endnoteReference") {
      const note = endnotes.get(id);
      if (note?.text) endnoteBlocks.push(noteLandmarks.endnote(endnoteBlocks.length + 1, note.text));
      return null;
    }
    const comment = comments.get(id);
    return comment?.text ? noteLandmarks.comment(comment.author, comment.text) : null;
  };
  readXml(pkg, main, new WordBody((block) => out.push(block), cited).handler);
  endnoteBlocks.forEach((block) => out.push(block));
  for (const footer of partsText("footer")) out.push(noteLandmarks.footer(footer));
  return { title: coreTitle(pkg), text: out.text };
}
