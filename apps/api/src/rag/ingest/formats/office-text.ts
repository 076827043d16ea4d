import { ragMessages } from "../../messages";
import { UnsupportedDocumentError } from "../unsupported-document";
import { extensionOf, OLD_OFFICE_FORMATS } from "./extensions";
import { mainPartOf } from "./ooxml-package";
import { isEncryptedOpenDocument, openDocumentKind, openDocumentText } from "./open-document-text";
import { rtfText } from "./rtf-text";
import { sheetText } from "./sheet-text";
import { slidesText } from "./slides-text";
import { wordText } from "./word-text";
import { checkZipBounds } from "./zip-bounds";
import { ZipPackage } from "./zip-package";
import { required } from "../../../required";

// Word, LibreOffice, PowerPoint and Excel files (issues 34, 54 §2) read by what they are, not by
// their extension: a zip's main part says whether it is a text, a workbook or a presentation
// (macros, templates and slide shows alike); a compound file (the container of Office 97-2003)
// holding an «EncryptedPackage» is an Office file locked by a password; a file that opens with
// «{\rtf» is RTF, as Word saves it under .doc too.

export type OfficeText = { title: string; text: string };

/** The compound file's signature (OLE2/CFB): Office 97-2003 files, and newer ones encrypted with a password. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream an encrypted Office Open XML file keeps its package in, as the compound file's directory names it (UTF-16). */
const ENCRYPTED_PACKAGE = Buffer.from("EncryptedPackage", "utf16le");
const RTF = Buffer.from("{\\rtf");

/** The Office 97-2003 format of a newer extension's family («.docx» → «.doc»), by its first letter. */
const OLD_FORMAT_OF_FAMILY: Readonly<Record<string, string>> = { d: ".doc", r: ".doc", x: ".xls", p: ".ppt" };
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (bytes: Uint8Array, signature: ArrayLike<number>) =>
  bytes.length >= signature.length && Array.from(signature).every((byte, index) => bytes[index] === byte);

export async function officeText(filename: string, bytes: Uint8Array, maxCharacters = Number.POSITIVE_INFINITY): Promise<OfficeText> {
  if (startsWith(bytes, RTF)) return rtfText(bytes, maxCharacters);
  if (startsWith(bytes, COMPOUND_FILE)) throw compoundFileRefusal(filename, bytes);
  // An old extension on a file that is neither RTF nor a zip: the old format it says it is.
  if (OLD_OFFICE_FORMATS[extensionOf(filename)] && !startsWith(bytes, ZIP)) throw compoundFileRefusal(filename, bytes);
  // A zip's declared size and entries are checked before anything is inflated.
  checkZipBounds(filename, bytes);
  const pkg = new ZipPackage(filename, bytes);
  const openDocument = openDocumentKind(pkg);
  if (openDocument) {
    if (isEncryptedOpenDocument(pkg)) throw new UnsupportedDocumentError(ragMessages.documents.passwordProtected(filename));
    return openDocumentText(pkg, openDocument, maxCharacters);
  }
  const main = mainPartOf(pkg);
  switch (main?.kind) {
    case "word":
      return wordText(pkg, main.part, maxCharacters);
    case "sheet":
      return sheetText(pkg, main.part, maxCharacters);
    case "slides":
      return slidesText(pkg, main.part, maxCharacters);
    case "binary-sheet":
      throw new UnsupportedDocumentError(ragMessages.documents.oldOfficeFormat(filename, ".xlsb", "Excel binari", ".xlsx"));
    default:
      throw new UnsupportedDocumentError(ragMessages.documents.notAnArchive(filename));
  }
}

/** A compound file: locked by a password, or an Office 97-2003 file under a newer name (refused by what it is). */
function compoundFileRefusal(filename: string, bytes: Uint8Array): UnsupportedDocumentError {
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(ENCRYPTED_PACKAGE))
    return new UnsupportedDocumentError(ragMessages.documents.passwordProtected(filename));
  const extension = extensionOf(filename);
  const old = OLD_OFFICE_FORMATS[extension] ? extension : (OLD_FORMAT_OF_FAMILY[extension.charAt(1)] ?? ".doc");
  const { kind, instead } = required(OLD_OFFICE_FORMATS[old], `the old Office format ${old}`);
  return new UnsupportedDocumentError(ragMessages.documents.oldOfficeFormat(filename, old, kind, instead));
}
