import { unzipSync } from "fflate";
import { ragMessages } from "../../messages";
import { UnsupportedDocumentError } from "../unsupported-document";

// Word, LibreOffice, PowerPoint and Excel files are zip archives: a zip bomb of a few kilobytes can
// declare gigabytes (issue 34 §4). Its central directory is read first — nothing inflated — and a
// file past these bounds is refused. The reading process's heap cap stays behind this for an
// archive that lies about its sizes.

/** The entries a real office file has are in the tens or hundreds. */
export const MAX_ZIP_ENTRIES = 10_000;
/** All entries inflated together. */
export const MAX_ZIP_BYTES = 200 * 1024 * 1024;

export function checkZipBounds(filename: string, bytes: Uint8Array): void {
  let entries = 0;
  let inflated = 0;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        entries += 1;
        inflated += entry.originalSize;
        return false;
      },
    });
  } catch {
    throw new UnsupportedDocumentError(ragMessages.documents.notAnArchive(filename));
  }
  if (entries > MAX_ZIP_ENTRIES || inflated > MAX_ZIP_BYTES)
    throw new UnsupportedDocumentError(ragMessages.documents.archiveTooLarge(filename, MAX_ZIP_BYTES, MAX_ZIP_ENTRIES));
}
