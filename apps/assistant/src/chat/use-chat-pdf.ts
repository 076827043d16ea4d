import { createPdfContext, ocrPdf, type PdfContext, type PdfContextState } from "@oystar/pdf-tools";
import { usePdfContext } from "@oystar/pdf-tools/react";
import { useEffect, useMemo, useRef } from "react";
import { useSignedInApi } from "../layout/use-signed-in-api";
import { readPdf } from "./read-pdf";

/** The chat's PDF (spec 001 §2–§5): read in the browser; scans go to the server's OCR. */
export function useChatPdf(): [PdfContextState<File>, PdfContext<File>] {
  const api = useSignedInApi();
  // The signed-in client may arrive after the screen: OCR reads it when it runs.
  const apiNow = useRef(api);
  useEffect(() => {
    apiNow.current = api;
  }, [api]);
  const context = useMemo(
    () =>
      createPdfContext<File>({
        extract: readPdf,
        ocr: (file) => {
          if (!apiNow.current) return Promise.reject(new Error("sessione non pronta"));
          return ocrPdf(apiNow.current, file);
        },
      }),
    [],
  );
  return [usePdfContext(context), context];
}
