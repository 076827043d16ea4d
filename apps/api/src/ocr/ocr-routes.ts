import { API_PATHS } from "@oystar/api-client";
import { withoutPageMarkers } from "@oystar/pdf-tools";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Access } from "../auth/access";
import { bodyCeiling } from "../web/request-body";
import { ocrMessages } from "./messages";
import { OcrBusyError } from "./ocr-engine";
import { UnreadablePdfError } from "./pdf-pages";
import type { ScanReader } from "./scanned-pdf-text";

/** spec 001 §9: uploads up to 100 MB (plus the multipart envelope). */
const MAX_UPLOAD_BYTES = 104_857_600;
const MULTIPART_ALLOWANCE = 64 * 1024;
/** 100 MB on a slow line takes minutes; the uploader is signed in on a paid plan. */
const UPLOAD_READ_MS = 10 * 60_000;

/** A refusal as the OCR client reads it (spec 001 §7: the `detail` field), `error` as elsewhere in the API. */
const refuse = (c: Context, message: string, status: 400 | 413 | 422 | 503) => c.json({ error: message, detail: message }, status);

/** The policy's and the body ceiling's refusals (403, 413) carry `detail` too, for the same client. */
const withDetail: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status < 400 || !c.res.headers.get("content-type")?.includes("json")) return;
  const body = (await c.res.clone().json()) as { error?: string; detail?: string };
  if (body.error && !body.detail) c.res = new Response(JSON.stringify({ ...body, detail: body.error }), c.res);
};

const isPdf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 1024)).includes("%PDF-");

/**
 * POST /api/ocr/extract-pdf (signed-in, Business or Enterprise): multipart field `file`, a scanned
 * PDF; answers `{text, word_count, char_count}`. The file lives in memory for the request only;
 * nothing of it is stored or logged. It is drawn and read by a reading process (issue 47 §1: a
 * picture declared at 20000 × 20000 pixels once held this process for two minutes and 5 GB).
 */
export function ocrRoutes(access: Access, scans: ScanReader) {
  const app = new Hono();

  app.post(
    API_PATHS.ocrExtractPdf,
    withDetail,
    // spec 001 §2: PDFs are for Business and Enterprise; checked before a byte of the file is read.
    access.plan("business", ocrMessages.planOnly),
    bodyCeiling({ maxBytes: MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE, tooLarge: ocrMessages.tooLarge, readTimeoutMs: UPLOAD_READ_MS }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => null);
      const file = form?.["file"];
      if (!(file instanceof File) || file.size === 0) return refuse(c, ocrMessages.noFile, 400);
      if (file.size > MAX_UPLOAD_BYTES) return refuse(c, ocrMessages.tooLarge, 413);
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!isPdf(bytes)) return refuse(c, ocrMessages.notPdf, 400);
      try {
        const { text } = await scans.readScan({ filename: file.name || "documento.pdf", bytes }, c.req.raw.signal);
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
