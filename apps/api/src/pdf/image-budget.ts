import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFObject } from "pdf-lib";

// Issue 47 §1 (the fourth attack run's HIGH): a 389 KB PDF may DECLARE one picture of 20000 ×
// 20000 pixels, and drawing its page decodes every one of them (5 GB). Before a page is drawn for
// OCR, the pictures it declares are measured from their dictionaries — nothing is decoded — and a
// page over the budget is refused by its number. pdf.js is also opened with the same budget
// (pdfjs.ts, `maxImageSize`): a picture this check cannot see (one written inside the page's
// content stream) is dropped by pdf.js rather than decoded.

/** A 600 dpi A4 scan is 35 million pixels; past 50 million a page is not a scan of paper. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** A picture a page declares past the budget, and where. */
export type OversizeImage = { page: number; width: number; height: number };

/** Thrown before drawing a page that declares a picture past the budget; the callers word it for their users. */
export class OversizeImageError extends Error {
  override name = "OversizeImageError";
  constructor(readonly image: OversizeImage) {
    super(`page ${image.page}: an image of ${image.width} × ${image.height} pixels`);
  }
}

/** How deep forms may nest inside forms before the walk stops looking (a loop, or a hostile file). */
const MOST_NESTED_FORMS = 16;

/**
 * Reads the structure of a PDF to measure the pictures its pages declare. `null` when the file's
 * structure cannot be read this way: pdf.js, which reads more than this parser, still holds the
 * budget while drawing.
 */
export async function declaredImages(bytes: Uint8Array): Promise<DeclaredImages | null> {
  const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false }).catch(
    () => null,
  );
  return document ? new DeclaredImages(document) : null;
}

export class DeclaredImages {
  constructor(private readonly document: PDFDocument) {}

  /** The first picture of page `pageNumber` (from 1) whose width × height passes `maxPixels`, if any. */
  oversizeOn(pageNumber: number, maxPixels = MAX_IMAGE_PIXELS): OversizeImage | null {
    const page = this.document.getPages()[pageNumber - 1];
    if (!page) return null;
    const found = this.largestIn(page.node.Resources(), new Set(), 0);
    return found && found.width * found.height > maxPixels ? { page: pageNumber, ...found } : null;
  }

  /** The largest picture among a resource dictionary's XObjects, forms followed (each once). */
  private largestIn(resources: PDFDict | undefined, seen: Set<PDFObject>, depth: number): { width: number; height: number } | null {
    const objects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    if (!objects || depth > MOST_NESTED_FORMS) return null;
    let largest: { width: number; height: number } | null = null;
    for (const [, value] of objects.entries()) {
      const target = value instanceof PDFRef ? this.document.context.lookup(value) : value;
      if (!(target instanceof PDFRawStream) || seen.has(target)) continue;
      seen.add(target);
      const subtype = target.dict.lookupMaybe(PDFName.of("Subtype"), PDFName);
      const found =
        subtype === PDFName.of("Image")
          ? this.sizeOf(target.dict)
          : subtype === PDFName.of("Form")
            ? this.largestIn(target.dict.lookupMaybe(PDFName.of("Resources"), PDFDict), seen, depth + 1)
            : null;
      if (found && (!largest || found.width * found.height > largest.width * largest.height)) largest = found;
    }
    return largest;
  }

  private sizeOf(dict: PDFDict): { width: number; height: number } | null {
    const dimension = (long: string, short: string) => {
      const value = dict.lookup(PDFName.of(long)) ?? dict.lookup(PDFName.of(short));
      return value instanceof PDFNumber ? value.asNumber() : NaN;
    };
    const width = dimension("Width", "W");
    const height = dimension("Height", "H");
    return Number.isFinite(width) && Number.isFinite(height) ? { width, height } : null;
  }
}
