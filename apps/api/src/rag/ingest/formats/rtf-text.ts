import { Tokenize } from "rtf-stream-parser";
import type { Token } from "rtf-stream-parser/dist/src/tokenize";
import { noteLandmarks } from "./landmarks";
import { CELL_SEPARATOR } from "./table-rows";
import { ReadingBlocks } from "./xml-stream";

// An RTF file (issue 54 §2), tokenized by rtf-stream-parser (the tokenizer an e-discovery platform
// runs on Outlook's RTF bodies) and read here: paragraphs and table rows as blocks, the text of
// its code page and its \uN characters, each footnote after the paragraph that cites it, comments
// marked, headers first and footers last; fonts, styles, pictures, field codes and the other
// destinations that are not text are left out.

/** Destinations that hold no text a reader sees. */
const SKIPPED = new Set(
  (
    "fonttbl colortbl stylesheet info pict object objdata objclass themedata colorschememapping datastore latentstyles " +
    "listtable listoverridetable rsidtbl generator xmlnstbl mmathPr pgdsctbl fldinst filetbl revtbl bkmkstart bkmkend " +
    "xmlopen wgrffmtfilter docvar nonshppict shppict sp sn sv atnid atnauthor atndate atnref atrfstart atrfend " +
    "listtext pntext pntxta pntxtb ftnsep ftnsepc aftnsep aftnsepc template fchars lchars"
  ).split(" "),
);
/** «Ignorable» destinations ({\*\name …}) that do hold text. */
const KEPT_IGNORABLE = new Set(["shpinst", "shptxt", "annotation"]);
/** Destinations read apart and marked. */
const ASIDES: Readonly<Record<string, "footnote" | "annotation" | "header" | "footer">> = {
  footnote: "footnote",
  annotation: "annotation",
  header: "header",
  headerl: "header",
  headerr: "header",
  headerf: "header",
  footer: "footer",
  footerl: "footer",
  footerr: "footer",
  footerf: "footer",
};
const SYMBOLS: Readonly<Record<string, string>> = {
  tab: " ",
  line: " ",
  emdash: "—",
  endash: "–",
  lquote: "‘",
  rquote: "’",
  ldblquote: "“",
  rdblquote: "”",
  bullet: "•",
  "~": "\u00a0",
  _: "-",
  "{": "{",
  "}": "}",
  "\\": "\\",
};

type Group = { skip: boolean; uc: number; aside: Aside | null; title: boolean };
type Aside = { kind: "footnote" | "annotation" | "header" | "footer"; text: string[]; current: string };

export function rtfText(bytes: Uint8Array, maxCharacters: number): { title: string; text: string } {
  const out = new ReadingBlocks(maxCharacters);
  const footers: string[] = [];
  let decoder = new TextDecoder("windows-1252");
  let title = "";
  let group: Group = { skip: false, uc: 1, aside: null, title: false };
  const stack: Group[] = [];
  // The body's paragraph, its row's cells, what comes after it (its notes).
  let paragraph = "";
  let cells: string[] = [];
  let inTable = false;
  let after: string[] = [];
  let footnotes = 0;
  // After \uN, the N characters that stand in for it in older readers are skipped.
  let fallback = 0;
  let pendingBytes: number[] = [];
  // Whether the last token opened a group, and whether the one before was \* (an ignorable destination).
  let opened = false;
  let ignorable = false;

  const append = (text: string) => {
    if (group.skip || !text) return;
    if (group.title) title += text;
    else if (group.aside) group.aside.current += text;
    else paragraph += text;
  };
  const flushBytes = () => {
    if (pendingBytes.length === 0) return;
    append(decoder.decode(new Uint8Array(pendingBytes)));
    pendingBytes = [];
  };
  const endParagraph = (row: boolean) => {
    if (group.aside) {
      group.aside.text.push(group.aside.current);
      group.aside.current = "";
      return;
    }
    if (inTable && !row) {
      paragraph += " ";
      return;
    }
    out.push(paragraph);
    paragraph = "";
    after.forEach((block) => out.push(block));
    after = [];
  };
  const closeAside = (aside: Aside) => {
    const text = [...aside.text, aside.current].join(" ").replace(/\s+/g, " ").trim();
    if (!text) return;
    if (aside.kind === "footnote") after.push(noteLandmarks.footnote((footnotes += 1), text));
    else if (aside.kind === "annotation") after.push(noteLandmarks.comment("", text));
    else if (aside.kind === "header") out.push(noteLandmarks.header(text));
    else footers.push(noteLandmarks.footer(text));
  };

  const handle = (token: Token) => {
    if (token.type !== 2 || token.word !== "'") flushBytes();
    const wasOpened = opened;
    const wasIgnorable = ignorable;
    opened = token.type === 0;
    ignorable = token.type === 2 && token.word === "*" && wasOpened;
    if (token.type === 0) {
      stack.push(group);
      group = { ...group };
      return;
    }
    if (token.type === 1) {
      const closed = group;
      group = stack.pop() ?? group;
      if (closed.aside && closed.aside !== group.aside) closeAside(closed.aside);
      return;
    }
    if (token.type === 3) {
      let text = decoder.decode(token.data);
      if (fallback > 0) {
        const skipped = Math.min(fallback, text.length);
        text = text.slice(skipped);
        fallback -= skipped;
      }
      append(text.replace(/[\r\n]/g, ""));
      return;
    }
    const word = token.word;
    if (wasOpened || wasIgnorable) {
      // The group's first word names its destination.
      if (SKIPPED.has(word) || (wasIgnorable && !KEPT_IGNORABLE.has(word) && !ASIDES[word])) {
        group.skip = true;
        return;
      }
      if (ASIDES[word] && !group.skip) {
        group.aside = { kind: ASIDES[word], text: [], current: "" };
        return;
      }
      if (word === "title" && stack.some((outer) => outer.skip)) {
        // The document's title, inside the skipped {\info}: read for itself.
        group.skip = false;
        group.title = true;
        return;
      }
    }
    if (word === "'") {
      if (fallback > 0) fallback -= 1;
      else if (token.data) pendingBytes.push(...token.data);
    } else if (word === "u" && token.param !== undefined) {
      append(String.fromCharCode(token.param < 0 ? token.param + 0x10000 : token.param));
      fallback = group.uc;
    } else if (word === "uc") group.uc = token.param ?? 1;
    else if (word === "ansicpg" && token.param) decoder = decoderFor(token.param, decoder);
    else if (word === "par" || word === "sect" || word === "page") endParagraph(false);
    else if (word === "intbl") inTable = true;
    else if (word === "pard") inTable = false;
    else if (word === "cell" || word === "nestcell") {
      cells.push(paragraph.trim());
      paragraph = "";
    } else if (word === "row" || word === "nestrow") {
      paragraph = cells.filter(Boolean).join(CELL_SEPARATOR);
      cells = [];
      endParagraph(true);
    } else if (word === "chftn" && group.aside?.kind === "footnote") {
      // The note's own mark inside it: the number is said by the landmark.
    } else if (SYMBOLS[word] !== undefined) append(SYMBOLS[word]);
  };

  const tokenizer = new Tokenize();
  tokenizer.push = (token: Token | null) => {
    if (token) handle(token);
    return true;
  };
  const failed = (error?: unknown) => {
    if (error) throw error;
  };
  tokenizer._transform(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), undefined, failed);
  tokenizer._flush(failed);
  flushBytes();
  endParagraph(true);
  footers.forEach((block) => out.push(block));
  return { title: title.replace(/\s+/g, " ").trim(), text: out.text };
}

/** The decoder of an ANSI code page (\ansicpg1252 → windows-1252); the one before if this runtime has none. */
function decoderFor(codePage: number, current: TextDecoder): TextDecoder {
  try {
    return new TextDecoder(codePage === 65001 ? "utf-8" : `windows-${codePage}`);
  } catch {
    return current;
  }
}
