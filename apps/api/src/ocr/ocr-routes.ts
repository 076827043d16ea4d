import { withoutPageMarkers } from "@oystar/pdf-tools";
import { canUploadPdf } from "@oystar/plans-and-gates";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { SignedInVariables } from "../auth/require-user";
import { OcrBusyError, type OcrEngine } from "./ocr-engine";
import { UnreadablePdfError } from "./pdf-pages";
import { scannedPdfText } from "./scanned-pdf-text";

/** spec 001 §9: uploads up to 100 MB (plus the multipart envelope). */
const MAX_UPLOAD_BYTES = 104_857_600;
const MULTIPART_ALLOWANCE = 64 * 1024;

const ocrMessages = {
  planOnly: "L'OCR dei PDF è riservato ai piani Business o Enterprise.",
  tooLarge: "File troppo grande: il massimo è 100 MB.",
  noFile: "Nessun file PDF da processare",
  notPdf: "Sono supportati solo file PDF.",
} as const;

/** A refusal as the OCR client reads it (spec 001 §7: the `detail` field), `error` as elsewhere in the API. */
const refuse = (c: Context, message: string, status: 400 | 403 | 413 | 422 | 503) => c.json({ error: message, detail: message }, status);

const isPdf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 1024)).includes("%PDF-");

/**
 * POST /api/ocr/extract-pdf (signed-in, Business or Enterprise): multipart field `file`, a scanned
 * PDF; answers `{text, word_count, char_count}`. The file lives in memory for the request only;
 * nothing of it is stored or logged.
 */
export function ocrRoutes(engine: OcrEngine) {
  const app = new Hono<{ Variables: SignedInVariables }>();

  app.post(
    "/api/ocr/extract-pdf",
    async (c, next) => {
      // The plan is checked before a byte of the file is read.
      if (!canUploadPdf(c.get("user").plan)) return refuse(c, ocrMessages.planOnly, 403);
      await next();
    },
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE,
      onError: (c) => refuse(c, ocrMessages.tooLarge, 413),
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => null);
      const file = form?.["file"];
      if (!(file instanceof File) || file.size === 0) return refuse(c, ocrMessages.noFile, 400);
      if (file.size > MAX_UPLOAD_BYTES) return refuse(c, ocrMessages.tooLarge, 413);
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!isPdf(bytes)) return refuse(c, ocrMessages.notPdf, 400);
      try {
        const { text } = await scannedPdfText(bytes, engine, c.req.raw.signal);
        const words = withoutPageMarkers(text).split(/\s+/).filter(Boolean).length;
        return c.json({ text, word_count: words, char_count: text.length });
      } catch (error) {
        if (error instanceof UnreadablePdfError) return refuse(c, error.message, 422);
        if (error instanceof OcrBusyError) return refuse(c, error.message, 503);
        throw error;
      }
    },
  );

  return app;
}
