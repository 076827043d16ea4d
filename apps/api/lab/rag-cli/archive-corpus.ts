import { sentencesOf } from "../../src/rag";
import { inventedDocumentWriter } from "./bench-corpus";
import {
  calcFile,
  csvFile,
  emailFile,
  scannedPage,
  typeable,
  typedPdf,
  workbookFile,
  wordFile,
  writerFile,
  type TextBlock,
} from "./firm-files";
import { required } from "../../src/required";

// A firm's archive for `pnpm bench rag` (issue 34 §5), generated: no download, the same bytes on
// every run (a seeded generator). Each document is the bench's invented corpus (bench-corpus.ts:
// the demo documents' Italian sentences, a fifth of their words from a long tail of invented
// rare words, so that each document holds words no other does) in one of the formats a firm
// keeps — Word, LibreOffice Writer and Calc, a typed PDF, an e-mail, an Excel workbook, a CSV
// export — and beside it the same text as a plain Markdown copy. A scanned page says one
// paragraph as a picture only (the OCR reads it at ingestion). Asking the same question of the
// documents and of their copies shows what each format's reading loses: a word read wrong, or
// lost, is a question missed. (The Debian corpus of the other parts repeats each paragraph in
// about twenty documents, so its questions hang on two words falling in one passage: they measured
// where each format's passages happen to be cut, not what its reading loses.)

export const TEXT_FORMATS = ["docx", "odt", "pdf", "eml", "xlsx", "ods", "csv"] as const;
export type ArchiveFormat = (typeof TEXT_FORMATS)[number] | "scan";
export const ARCHIVE_FORMATS: readonly ArchiveFormat[] = [...TEXT_FORMATS, "scan"];

/** Twenty documents in a row, as a firm's archive mixes them: mostly Word files and e-mails. */
const MIX: ReadonlyArray<(typeof TEXT_FORMATS)[number]> = [
  "docx",
  "eml",
  "pdf",
  "docx",
  "eml",
  "odt",
  "xlsx",
  "docx",
  "eml",
  "pdf",
  "csv",
  "docx",
  "eml",
  "pdf",
  "ods",
  "docx",
  "eml",
  "odt",
  "pdf",
  "xlsx",
];

const PARAGRAPHS = 4;
/** The archive's seed: the same documents on every run. */
const ARCHIVE_SEED = 34;
/** A scanned page holds one paragraph, cut at a sentence to fit the page at the size it is typed. */
const SCANNED_CHARACTERS = 1100;

export type ArchiveFile = {
  format: ArchiveFormat;
  /** Its name in the archive (`doc-000123.docx`), unique over all formats. */
  filename: string;
  bytes: Uint8Array;
  /** The same text as a Markdown copy (`doc-000123.md`). */
  copy: { filename: string; text: string };
};

const padded = (number: number) => String(number).padStart(6, "0");
const markdownCopy = (title: string, blocks: readonly string[]) => `---\ntitle: ${title}\n---\n\n${blocks.join("\n\n")}\n`;

/** The format of text document `number`. */
export const formatOf = (number: number) => required(MIX[number % MIX.length], "a document's format");

type Written = { title: string; paragraphs: string[] };

/** Text document `number` (0-based), `written`, in its format, and its copy. */
function archiveDocument(number: number, written: Written): ArchiveFile {
  const format = formatOf(number);
  // A PDF is typed in jsPDF's standard fonts: its text (and so its copy) is what they can type.
  const { title, paragraphs } =
    format === "pdf" ? { title: typeable(written.title), paragraphs: written.paragraphs.map(typeable) } : written;
  const name = `doc-${padded(number)}`;
  const file = (bytes: Uint8Array, copyBlocks: readonly string[] = paragraphs): ArchiveFile => ({
    format,
    filename: `${name}.${format}`,
    bytes,
    copy: { filename: `${name}.md`, text: markdownCopy(title, copyBlocks) },
  });
  switch (format) {
    case "docx":
    case "odt": {
      // A heading, paragraphs, and the last paragraph's sentences as a list: what a Word file holds.
      const items = sentencesOf(paragraphs.at(-1) ?? "");
      const blocks: TextBlock[] = [
        { heading: title },
        ...paragraphs.slice(0, -1).map((paragraph) => ({ paragraph })),
        ...items.map((item) => ({ item })),
      ];
      const copy = [`# ${title}`, ...paragraphs.slice(0, -1), items.map((item) => `- ${item}`).join("\n")];
      return file(format === "docx" ? wordFile(title, blocks) : writerFile(title, blocks), copy);
    }
    case "pdf":
      return file(typedPdf([`title: ${title}`, `# ${title}`, ...paragraphs].join("\n")), [`# ${title}`, ...paragraphs]);
    case "eml": {
      const sent = new Date(Date.UTC(2026, 0, 1) + number * 3_600_000);
      return file(
        emailFile(
          {
            From: "Segreteria dello studio <segreteria@studio.example>",
            To: `Cliente ${number + 1} <cliente${number + 1}@esempio.example>`,
            Subject: title,
            Date: sent.toUTCString().replace("GMT", "+0000"),
            "Message-ID": `<${name}@studio.example>`,
          },
          paragraphs.join("\r\n\r\n"),
        ),
      );
    }
    case "xlsx":
    case "ods":
    case "csv": {
      // A register: one sentence a row, under its header. (Not flatMap(sentencesOf): its second
      // parameter is ICU's window since issue 54, and flatMap passes the index — 0, a window that
      // never moves on, so the generator hung at the first register.)
      const rows = [
        ["Riga", "Annotazione"],
        ...paragraphs.flatMap((paragraph) => sentencesOf(paragraph)).map((sentence, row) => [String(row + 1), sentence]),
      ];
      const bytes =
        format === "xlsx" ? workbookFile(title, "Registro", rows) : format === "ods" ? calcFile(title, "Registro", rows) : csvFile(rows);
      return file(bytes);
    }
  }
}

/** Scanned page `number` (0-based), `written`: its title and its first paragraph. */
async function scannedDocument(number: number, written: Written): Promise<ArchiveFile> {
  // Typed in jsPDF's standard fonts before it is scanned: the page says what they can type.
  const title = typeable(written.title);
  let text = "";
  for (const sentence of sentencesOf(typeable(written.paragraphs[0] ?? ""))) {
    if (text && text.length + sentence.length > SCANNED_CHARACTERS) break;
    text = text ? `${text} ${sentence}` : sentence;
  }
  const name = `scan-${padded(number)}`;
  return {
    format: "scan",
    filename: `${name}.pdf`,
    bytes: await scannedPage(title, [text]),
    copy: { filename: `${name}.md`, text: markdownCopy(title, [`# ${title}`, text]) },
  };
}

/** The whole archive, document by document: `documents` text documents, then `scanned` scanned pages. */
export async function* archiveFiles({ documents, scanned }: { documents: number; scanned: number }): AsyncGenerator<ArchiveFile> {
  const write = inventedDocumentWriter(ARCHIVE_SEED, PARAGRAPHS);
  for (let number = 0; number < documents; number += 1) yield archiveDocument(number, write(number));
  for (let number = 0; number < scanned; number += 1) yield await scannedDocument(number, write(documents + number));
}
