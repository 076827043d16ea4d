import { isConsidered } from "./formats/extensions";

// A fetched address as a document's file name (an indexing request's addresses, a website's pages).

/** The extension a fetched file is read by, from its media type, where its address has none (issue 34: the firm's formats). */
const EXTENSION_BY_MEDIA_TYPE: Record<string, string> = {
  "text/plain": ".txt",
  "text/markdown": ".md",
  "text/csv": ".csv",
  "message/rfc822": ".eml",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
  "application/vnd.oasis.opendocument.text": ".odt",
  "application/vnd.oasis.opendocument.spreadsheet": ".ods",
  "application/vnd.oasis.opendocument.presentation": ".odp",
  "application/msword": ".doc",
  "application/vnd.ms-excel": ".xls",
  "application/vnd.ms-powerpoint": ".ppt",
  // Issue 54 §2: the variants, read by their content whatever the name.
  "application/vnd.ms-word.document.macroenabled.12": ".docm",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.template": ".dotx",
  "application/vnd.ms-excel.sheet.macroenabled.12": ".xlsm",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.template": ".xltx",
  "application/vnd.ms-powerpoint.presentation.macroenabled.12": ".pptm",
  "application/vnd.openxmlformats-officedocument.presentationml.slideshow": ".ppsx",
  "application/vnd.openxmlformats-officedocument.presentationml.template": ".potx",
  "application/rtf": ".rtf",
  "text/rtf": ".rtf",
};

/** A file name for a fetched address: host and path, with the extension its content has. */
export function filenameForUrl(url: string, contentType: string | null): string {
  const parsed = new URL(url);
  const base = `${parsed.hostname}${parsed.pathname}`
    .replace(/\/+$/, "")
    .replace(/[^a-zA-Z0-9._-]+/g, "_")
    .slice(0, 180);
  if (isConsidered(base)) return base;
  const type = (contentType ?? "").toLowerCase().split(";")[0]?.trim() ?? "";
  return `${base}${EXTENSION_BY_MEDIA_TYPE[type] ?? (type.includes("pdf") ? ".pdf" : ".html")}`;
}
