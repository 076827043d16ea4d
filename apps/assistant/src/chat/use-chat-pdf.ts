import { useApiClient } from "@oystar/auth/react";
import { createPdfContext, ocrPdf, type PdfContext } from "@oystar/pdf-tools";
import { useState } from "react";
import { readPdf } from "./read-pdf";

/** The chat's PDF (spec 001 §2–§5): read in the browser; scans go to the server's OCR. */
export function useChatPdf(): PdfContext<File> {
  const api = useApiClient();
  const [context] = useState(() => createPdfContext<File>({ extract: readPdf, ocr: (file) => ocrPdf(api, file) }));
  return context;
}
