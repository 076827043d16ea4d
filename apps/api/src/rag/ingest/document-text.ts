import { basename, extname } from "node:path";
import { ragMessages } from "../messages";
import type { ChunkedReading } from "./chunked-reading";
import { csvText } from "./formats/csv-text";
import { emailText, type Attachment } from "./formats/email-text";
import {
  CSV_EXTENSIONS,
  EMAIL_EXTENSIONS,
  extensionOf,
  INGESTIBLE_EXTENSIONS,
  OFFICE_EXTENSIONS,
  OLD_OFFICE_FORMATS,
} from "./formats/extensions";
import { htmlText } from "./formats/html-text";
import { officeText } from "./formats/office-text";
import { pdfText, UnreadablePdfTextError, type OcrPage, type OcrReport, type PdfReading } from "./pdf-text";
import { DocumentTooLongError } from "./reading-limits";
import { UnsupportedDocumentError } from "./unsupported-document";

// What ingestion reads (spec 001 §1: PDFs and web pages; also Markdown and plain text; issue 34:
// the files a firm has — Word, LibreOffice, PowerPoint, Excel, e-mail, CSV): the text, with
// `--- Pagina N ---` markers for PDFs, and a title and source URL where the file has them.

/**
 * `pages`: a PDF's page count (its original is kept for the source viewer). `attachments`: an
 * e-mail's attached files, indexed as documents of their own. `ocr`: what OCR read of a scanned PDF;
 * `ocrPages`: the words it read on each of its pages, with their boxes.
 */
export type DocumentText = {
  title: string;
  url: string | null;
  text: string;
  pages?: number;
  attachments?: Attachment[];
  ocr?: OcrReport;
  ocrPages?: OcrPage[];
  /** Its reading text and chunks, made by the reading process that read it (issue 54 §1). */
  chunked?: ChunkedReading;
};

const titleFromFilename = (filename: string) => basename(filename, extname(filename)).replace(/[-_]+/g, " ").trim();

const httpUrl = (value: string | null | undefined) => (value && /^https?:\/\//i.test(value) ? value : null);

/**
 * Reads one file's text by its extension; `sourceUrl` is where it was fetched from, if it was.
 * Past `maxCharacters` of text it throws DocumentTooLongError. The server calls it through the
 * reading worker (document-reader.ts), never on its own thread.
 */
export async function documentText(
  filename: string,
  bytes: Uint8Array,
  sourceUrl: string | null = null,
  maxCharacters = Number.POSITIVE_INFINITY,
  ocr: Pick<PdfReading, "recognize" | "onOcrPage"> = {},
): Promise<DocumentText> {
  const read = await readByExtension(filename, bytes, sourceUrl, { ...ocr, maxCharacters, filename: basename(filename) }).catch(
    (error: unknown) => {
      // A refusal says why; a reader's own failure still names the file and what to try (issue 54 §5).
      if (error instanceof DocumentTooLongError || error instanceof UnsupportedDocumentError || error instanceof UnreadablePdfTextError)
        throw error;
      throw new UnsupportedDocumentError(ragMessages.documents.unreadableFile(basename(filename)));
    },
  );
  if (read.text.length > maxCharacters) throw new DocumentTooLongError(maxCharacters);
  return read;
}

async function readByExtension(filename: string, bytes: Uint8Array, sourceUrl: string | null, reading: PdfReading): Promise<DocumentText> {
  const extension = extensionOf(filename);
  if (extension === ".pdf") {
    const { text, title, pages, ocr, ocrPages } = await pdfText(bytes, reading);
    return { title: title || titleFromFilename(filename), url: httpUrl(sourceUrl), text, pages, ...(ocr ? { ocr, ocrPages } : {}) };
  }
  // Old Office extensions too: an RTF or a newer file saved under one is read for what it is (issue 54 §2).
  if ((OFFICE_EXTENSIONS as readonly string[]).includes(extension) || extension in OLD_OFFICE_FORMATS) {
    const { title, text } = await officeText(basename(filename), bytes, reading.maxCharacters);
    return { title: title || titleFromFilename(filename), url: httpUrl(sourceUrl), text };
  }
  if ((EMAIL_EXTENSIONS as readonly string[]).includes(extension)) {
    const { title, text, attachments } = await emailText(basename(filename), bytes);
    return { title: title || titleFromFilename(filename), url: httpUrl(sourceUrl), text, attachments };
  }
  const raw = new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
  if (extension === ".html" || extension === ".htm") {
    const page = htmlText(raw);
    return { title: page.title || titleFromFilename(filename), url: httpUrl(sourceUrl), text: page.text };
  }
  if (extension === ".md" || extension === ".markdown") {
    const { fields, body } = frontMatter(raw);
    const heading = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
    const title = fields.title || heading || titleFromFilename(filename);
    // The opening heading repeats the title, which is indexed with every chunk anyway.
    const text = markdownText(heading === title ? body.replace(/^#\s+.+$/m, "") : body);
    return { title, url: httpUrl(fields.url) ?? httpUrl(sourceUrl), text };
  }
  if (extension === ".txt") {
    return { title: titleFromFilename(filename), url: httpUrl(sourceUrl), text: raw };
  }
  if ((CSV_EXTENSIONS as readonly string[]).includes(extension)) {
    return { title: titleFromFilename(filename), url: httpUrl(sourceUrl), text: csvText(raw) };
  }
  throw new UnsupportedDocumentError(ragMessages.documents.unsupported(basename(filename), INGESTIBLE_EXTENSIONS));
}

/** The `key: value` lines of a `---` front matter block (quoted or bare values). */
export function frontMatter(raw: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(raw);
  if (!match) return { fields: {}, body: raw };
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const field = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (!field?.[1]) continue;
    const value = (field[2] ?? "").trim().replace(/^(["'])(.*)\1$/, "$2");
    fields[field[1].toLowerCase()] = value;
  }
  return { fields, body: raw.slice(match[0].length) };
}

/** Markdown as a reader hears it: no markup, headings and list items kept as their own lines. */
export function markdownText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```\w*/g, ""))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+(.*?)\s*#*\s*$/gm, "\n\n$1\n\n")
    .replace(/^[ \t]{0,3}>[ \t]?/gm, "")
    .replace(/^[ \t]*[-*+][ \t]+/gm, "- ")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|\W)[*_](\S(?:.*?\S)?)[*_](?=\W|$)/g, "$1$2")
    .replace(/`([^`]+)`/g, "$1")
    .replace(/^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/gm, "")
    .replace(/\|/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
