import { extname } from "node:path";

// Which files ingestion reads, by their extension (spec 001 §1: PDFs and web pages, also Markdown
// and plain text; issue 34: the files a firm has). Apart from the readers, so that knowing what is
// read does not load how.

/**
 * Presentations and workbooks: their passages stand on a slide or a sheet. Their macro-enabled
 * versions, templates and slide shows are the same files (issue 54 §2), read by their content.
 */
const PLACED_EXTENSIONS = [
  ".pptx",
  ".pptm",
  ".ppsx",
  ".ppsm",
  ".potx",
  ".potm",
  ".odp",
  ".otp",
  ".xlsx",
  ".xlsm",
  ".xltx",
  ".xltm",
  ".ods",
  ".ots",
] as const;
export const OFFICE_EXTENSIONS = [".docx", ".docm", ".dotx", ".dotm", ".odt", ".ott", ".rtf", ...PLACED_EXTENSIONS] as const;
export const EMAIL_EXTENSIONS = [".eml"] as const;
export const CSV_EXTENSIONS = [".csv"] as const;

export const INGESTIBLE_EXTENSIONS = [
  ".md",
  ".markdown",
  ".txt",
  ".html",
  ".htm",
  ".pdf",
  ...OFFICE_EXTENSIONS,
  ...EMAIL_EXTENSIONS,
  ...CSV_EXTENSIONS,
] as const;

/** The binary formats of Office 97-2003 (and Excel's binary workbook): refused by name, with what to send instead. */
export const OLD_OFFICE_FORMATS: Readonly<Record<string, { kind: string; instead: string }>> = {
  ".doc": { kind: "Word 97-2003", instead: ".docx" },
  ".dot": { kind: "Word 97-2003", instead: ".docx" },
  ".xls": { kind: "Excel 97-2003", instead: ".xlsx" },
  ".xlt": { kind: "Excel 97-2003", instead: ".xlsx" },
  ".xlsb": { kind: "Excel binari", instead: ".xlsx" },
  ".ppt": { kind: "PowerPoint 97-2003", instead: ".pptx" },
  ".pps": { kind: "PowerPoint 97-2003", instead: ".pptx" },
  ".pot": { kind: "PowerPoint 97-2003", instead: ".pptx" },
};

export const extensionOf = (filename: string) => extname(filename).toLowerCase();

export const isIngestible = (filename: string) => (INGESTIBLE_EXTENSIONS as readonly string[]).includes(extensionOf(filename));

/** Files a folder (or an e-mail's attachments) offers: those read, and the old Office ones refused by name. */
export const isConsidered = (filename: string) => isIngestible(filename) || extensionOf(filename) in OLD_OFFICE_FORMATS;

export const hasPlaces = (filename: string) => (PLACED_EXTENSIONS as readonly string[]).includes(extensionOf(filename));
export const isEmail = (filename: string) => (EMAIL_EXTENSIONS as readonly string[]).includes(extensionOf(filename));
