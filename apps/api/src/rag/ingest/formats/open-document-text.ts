import { noteLandmarks, sheetLandmark, slideLandmark } from "./landmarks";
import { CELL_SEPARATOR, RowsUnderHeader } from "./table-rows";
import { attribute, readXml, ReadingBlocks, type XmlHandler } from "./xml-stream";
import type { ZipPackage } from "./zip-package";
import { required } from "../../../required";

// A LibreOffice file (odt, ods, odp and their templates ott, ots, otp — issue 34, 54 §2) from its
// content.xml as a stream: a text's headers (styles.xml), paragraphs, list items, tables (a table
// in a cell read where it stands), text boxes, each footnote and comment after the paragraph that
// holds it, endnotes at the end, footers last; a sheet's rows under their header, repeated cells
// not multiplied; a presentation's pages announced by their number, each with its speaker notes.

export type OpenDocumentKind = "text" | "spreadsheet" | "presentation";

type Sink = (block: string) => void;
type Paragraph = { text: string; list: boolean; after: string[] };
type Cell = { blocks: string[]; comments: string[]; nested: boolean; repeat: number };
/** A note or a comment being read: its paragraphs, and what marks it. */
type Aside = { kind: "note" | "comment"; endnote: boolean; label: string; blocks: string[]; depth: number };

/** Deleted text kept for tracked changes, declarations: never part of what the document says. */
const SKIPPED = new Set(["tracked-changes", "sequence-decls", "variable-decls", "user-field-decls", "forms", "page-thumbnail"]);
/** A repeated non-empty cell is written out this many times at most (a row of 16,384 identical cells says it once). */
const MOST_REPEATS = 100;
/** A sheet's columns (LibreOffice's and Excel's edge). */
const MOST_COLUMNS = 16_384;

class OpenDocumentBody {
  private readonly paragraphs: Paragraph[] = [];
  private readonly sinks: Sink[];
  private readonly cells: Cell[] = [];
  private readonly rows: Array<{ cells: Cell[]; repeat: number }> = [];
  private readonly asides: Aside[] = [];
  private readonly endnotes: string[] = [];
  private sheet: RowsUnderHeader | null = null;
  private slide = 0;
  private notes: string[] | null = null;
  private skipping = 0;
  private inListItem = 0;
  private inCitation = false;
  private inCreator = false;

  constructor(
    private readonly out: ReadingBlocks,
    private readonly kind: OpenDocumentKind,
  ) {
    this.sinks = [(block) => out.push(block)];
  }

  private get sink(): Sink {
    // The body's own sink is never popped: each pop closes what a push opened.
    return required(this.sinks.at(-1), "the open sink");
  }

  /** The endnotes, once the body is read. */
  finish() {
    this.endnotes.forEach((block) => this.out.push(block));
  }

  readonly handler: XmlHandler = {
    open: (name, attributes) => {
      if (this.skipping > 0 || SKIPPED.has(name)) {
        this.skipping += 1;
        return;
      }
      const paragraph = this.paragraphs.at(-1);
      switch (name) {
        case "h":
        case "p":
          this.paragraphs.push({ text: "", list: this.inListItem > 0, after: [] });
          break;
        case "list-item":
          this.inListItem += 1;
          break;
        case "s":
        case "tab":
        case "line-break":
          if (paragraph) paragraph.text += " ";
          break;
        case "note":
          this.openAside("note", attribute(attributes, "note-class") === "endnote");
          break;
        case "note-citation":
          this.inCitation = true;
          break;
        case "annotation":
          this.openAside("comment", false);
          break;
        case "creator":
          this.inCreator = this.asides.at(-1)?.kind === "comment";
          break;
        case "text-box": {
          // A frame's text comes after the paragraph it is anchored in.
          const sink = this.sink;
          this.sinks.push(paragraph ? (block) => paragraph.after.push(block) : sink);
          break;
        }
        case "table":
          if (this.kind === "spreadsheet" && this.cells.length === 0) {
            this.out.push(sheetLandmark(attribute(attributes, "name") ?? ""));
            this.sheet = new RowsUnderHeader();
          } else {
            const cell = this.cells.at(-1);
            if (cell) cell.nested = true;
          }
          break;
        case "table-row":
          this.rows.push({ cells: [], repeat: Number(attribute(attributes, "number-rows-repeated") ?? 1) || 1 });
          break;
        case "table-cell":
        case "covered-table-cell": {
          const cell: Cell = {
            blocks: [],
            comments: [],
            nested: false,
            repeat: Number(attribute(attributes, "number-columns-repeated") ?? 1) || 1,
          };
          this.cells.push(cell);
          this.sinks.push((block) => cell.blocks.push(block));
          break;
        }
        case "page":
          if (this.kind === "presentation") this.out.push(slideLandmark((this.slide += 1)));
          break;
        case "notes":
          if (this.kind === "presentation") {
            const notes: string[] = [];
            this.notes = notes;
            this.sinks.push((block) => notes.push(block));
          }
          break;
      }
    },
    text: (text) => {
      if (this.skipping > 0) return;
      const aside = this.asides.at(-1);
      const paragraph = this.paragraphs.at(-1);
      if (this.inCitation || this.inCreator) {
        if (aside) aside.label += text;
      } else if (paragraph && this.paragraphs.length > (aside?.depth ?? 0)) paragraph.text += text;
    },
    close: (name) => {
      if (this.skipping > 0) {
        this.skipping -= 1;
        return;
      }
      switch (name) {
        case "h":
        case "p": {
          const paragraph = this.paragraphs.pop();
          if (!paragraph) break;
          const text = paragraph.text.trim();
          if (text) this.sink(paragraph.list ? `- ${text}` : text);
          paragraph.after.forEach(this.sink);
          break;
        }
        case "list-item":
          this.inListItem -= 1;
          break;
        case "note-citation":
          this.inCitation = false;
          break;
        case "creator":
          this.inCreator = false;
          break;
        case "note":
        case "annotation":
          this.closeAside();
          break;
        case "text-box":
          this.sinks.pop();
          break;
        case "table-cell":
        case "covered-table-cell": {
          this.sinks.pop();
          const cell = this.cells.pop();
          if (cell) this.rows.at(-1)?.cells.push(cell);
          break;
        }
        case "table-row": {
          const row = this.rows.pop();
          if (row) this.row(row);
          break;
        }
        case "table":
          if (this.cells.length === 0) this.sheet = null;
          break;
        case "notes":
          if (this.notes) {
            this.sinks.pop();
            const spoken = this.notes.join(" ");
            if (spoken) this.out.push(noteLandmarks.speakerNotes(spoken));
            this.notes = null;
          }
          break;
      }
    },
  };

  private openAside(kind: Aside["kind"], endnote: boolean) {
    // Its own paragraphs are those opened after it: the author's name and the date are not the text.
    const aside: Aside = { kind, endnote, label: "", blocks: [], depth: this.paragraphs.length };
    this.asides.push(aside);
    this.sinks.push((block) => aside.blocks.push(block));
  }

  /** A note or comment read: marked, after the paragraph that holds it (an endnote at the end). */
  private closeAside() {
    this.sinks.pop();
    const aside = this.asides.pop();
    const text = aside?.blocks.join(" ");
    if (!aside || !text) return;
    const label = aside.label.trim();
    const block =
      aside.kind === "comment"
        ? noteLandmarks.comment(label, text)
        : aside.endnote
          ? noteLandmarks.endnote(label, text)
          : noteLandmarks.footnote(label, text);
    const paragraph = this.paragraphs.at(-1);
    const cell = this.cells.at(-1);
    if (aside.endnote) this.endnotes.push(block);
    else if (paragraph) paragraph.after.push(block);
    else if (cell) cell.comments.push(block);
    else this.sink(block);
  }

  private row({ cells }: { cells: Cell[] }) {
    const comments = cells.flatMap((cell) => cell.comments);
    if (this.sheet && this.cells.length === 0) {
      // A sheet's row: every cell in its column, so the header names it. Empty cells repeated to
      // the sheet's edge (16,384 of them) only move the column, and only when a value follows.
      const values: string[] = [];
      let empty = 0;
      for (const cell of cells) {
        const text = cell.blocks.join(" ");
        if (!text) {
          empty += cell.repeat;
          continue;
        }
        for (empty = Math.min(empty, MOST_COLUMNS); empty > 0; empty -= 1) values.push("");
        for (let time = Math.min(cell.repeat, MOST_REPEATS); time > 0; time -= 1) values.push(text);
      }
      this.sink(this.sheet.add(values));
    } else if (cells.every((cell) => !cell.nested && cell.blocks.length <= 1)) {
      const line = cells
        .map((cell) => cell.blocks[0] ?? "")
        .filter(Boolean)
        .join(CELL_SEPARATOR);
      if (line) this.sink(line);
    } else for (const cell of cells) cell.blocks.forEach(this.sink);
    comments.forEach(this.sink);
  }
}

/** The kind of an OpenDocument package, from its «mimetype» part; null when it is none. */
export function openDocumentKind(pkg: ZipPackage): OpenDocumentKind | null {
  const mediaType = pkg.text("mimetype")?.trim() ?? "";
  const kind = /^application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)(-template)?$/.exec(mediaType)?.[1];
  return (kind as OpenDocumentKind | undefined) ?? null;
}

/** Whether the package's parts are encrypted (a password set in LibreOffice): its manifest says how. */
export const isEncryptedOpenDocument = (pkg: ZipPackage) => /encryption-data/.test(pkg.text("META-INF/manifest.xml") ?? "");

/** The headers or footers of a text's page styles (styles.xml), each once. */
function pageFurniture(pkg: ZipPackage): { headers: string[]; footers: string[] } {
  const headers = new Set<string>();
  const footers = new Set<string>();
  let current: { into: Set<string>; blocks: ReadingBlocks; body: OpenDocumentBody; depth: number } | null = null;
  readXml(pkg, "styles.xml", {
    open: (name, attributes) => {
      if (current) {
        current.depth += 1;
        current.body.handler.open?.(name, attributes);
      } else if (/^(header|footer)(-left|-first)?$/.test(name)) {
        const blocks = new ReadingBlocks();
        current = { into: name.startsWith("header") ? headers : footers, blocks, body: new OpenDocumentBody(blocks, "text"), depth: 0 };
      }
    },
    text: (text) => void current?.body.handler.text?.(text),
    close: (name) => {
      if (!current) return;
      if (current.depth === 0) {
        const text = current.blocks.blocks.join(" ");
        if (text) current.into.add(text);
        current = null;
      } else {
        current.depth -= 1;
        current.body.handler.close?.(name);
      }
    },
  });
  return { headers: [...headers], footers: [...footers] };
}

export function openDocumentText(pkg: ZipPackage, kind: OpenDocumentKind, maxCharacters: number): { title: string; text: string } {
  const out = new ReadingBlocks(maxCharacters);
  const furniture = kind === "text" ? pageFurniture(pkg) : { headers: [], footers: [] };
  furniture.headers.forEach((header) => out.push(noteLandmarks.header(header)));
  const body = new OpenDocumentBody(out, kind);
  readXml(pkg, "content.xml", body.handler);
  body.finish();
  furniture.footers.forEach((footer) => out.push(noteLandmarks.footer(footer)));
  return { title: metaTitle(pkg), text: out.text };
}

/** The title in meta.xml (dc:title). */
function metaTitle(pkg: ZipPackage): string {
  let title = "";
  let inTitle = false;
  readXml(pkg, "meta.xml", {
    open: (name) => (inTitle = name === "title"),
    text: (text) => void (inTitle && (title += text)),
    close: () => (inTitle = false),
  });
  return title.replace(/\s+/g, " ").trim();
}
