import { API_PATHS, HttpError, ocrResponseSchema, type ApiClient, type OcrResponse } from "@oystar/api-client";
import { pdfMessages } from "./messages";

/** spec 001 §9: OCR may take 1-2 minutes; the client waits a little longer than that. */
export const OCR_TIMEOUT_MS = 180_000;

/**
 * spec 001 §7: POST /api/ocr/extract-pdf (multipart, field `file`, bearer token). A failure
 * carries the server's detail, else 'OCR failed: {status}'.
 */
export async function ocrPdf(api: ApiClient, file: Blob & { name: string }): Promise<OcrResponse> {
  const form = new FormData();
  form.append("file", file, file.name);
  try {
    return await api.postForm(API_PATHS.ocrExtractPdf, form, ocrResponseSchema, { timeoutMs: OCR_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof HttpError) throw new Error(error.serverMessage ?? pdfMessages.ocrHttpFailed(error.status), { cause: error });
    throw error;
  }
}
