import type { RagPassage } from "@oystar/api-client";
import { bringIntoView } from "@oystar/ui-kit";
import { Notice, Spinner } from "@oystar/ui-kit/react";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { conversationMessages } from "../messages";
import { passageOnPage, type MarkedRange } from "../page-highlight";
import type { LoadPdfRenderer } from "../pdf-renderer";

type Pdfjs = Awaited<ReturnType<LoadPdfRenderer>>;

const text = conversationMessages.viewer;

type Opened =
  | { status: "opening" }
  | { status: "open"; pdfjs: Pdfjs; pdf: Awaited<ReturnType<Pdfjs["getDocument"]>["promise"]> }
  | { status: "failed" };
type Drawn = "drawing" | "drawn" | "not-on-page" | "failed";
/** A word OCR read on a scanned page, its box in fractions of the page (issue 34). */
export type OcrWord = NonNullable<RagPassage["ocrWords"]>[number];

export type PdfPageProps = {
  /** The PDF as indexed (GET /api/rag/documents/:id/original). */
  bytes: Uint8Array;
  page: number;
  /** The cited passage when it is on this page: highlighted in the page's text layer. */
  passage: string | null;
  /** A scanned page's words as OCR read them, with their boxes: the passage highlighted on the picture. */
  ocrWords?: readonly OcrWord[] | undefined;
  loadPdfRenderer: LoadPdfRenderer;
  /** Shown instead of the page when pdf.js cannot draw it. */
  fallback: ReactNode;
};

/**
 * Issue 25: a PDF's page drawn by pdf.js, its text layer over it (selectable, read by screen
 * readers) and the cited passage highlighted there, scrolled into view. A hostile PDF stays inert:
 * pdf.js runs without eval, its text is set as text, its annotations and scripts are not drawn.
 * A scanned page has no text layer: the passage is highlighted on its picture with the boxes of
 * the words OCR read there at indexing (issue 34).
 */
export function PdfPage({ bytes, page, passage, ocrWords, loadPdfRenderer, fallback }: PdfPageProps) {
  const [opened, setOpened] = useState<Opened>({ status: "opening" });
  const [drawn, setDrawn] = useState<Drawn>("drawing");
  const [scanMarks, setScanMarks] = useState<readonly OcrWord[]>([]);
  const area = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const width = useWidth(area);

  // One pdf.js document per file, destroyed with the view.
  useEffect(() => {
    let gone = false;
    let task: ReturnType<Pdfjs["getDocument"]> | null = null;
    setOpened({ status: "opening" });
    loadPdfRenderer()
      .then(async (pdfjs) => {
        // pdf.js may take the buffer it is given away (to its worker): it gets a copy.
        task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 });
        const pdf = await task.promise;
        if (!gone) setOpened({ status: "open", pdfjs, pdf });
      })
      .catch(() => {
        if (!gone) setOpened({ status: "failed" });
      });
    return () => {
      gone = true;
      void task?.destroy().catch(() => {});
    };
  }, [bytes, loadPdfRenderer]);

  useEffect(() => {
    if (opened.status !== "open" || !frame.current || !canvas.current || !layer.current || width === 0) return;
    const { pdfjs, pdf } = opened;
    const box = frame.current;
    const surface = canvas.current;
    const textLayer = layer.current;
    let gone = false;
    let stop = () => {};
    setDrawn("drawing");
    setScanMarks([]);
    (async () => {
      const pdfPage = await pdf.getPage(Math.min(Math.max(page, 1), pdf.numPages));
      if (gone) return;
      // The page as wide as the panel, drawn at the screen's pixel density.
      const unscaled = pdfPage.getViewport({ scale: 1 });
      const scale = width / unscaled.width;
      const viewport = pdfPage.getViewport({ scale });
      const ratio = globalThis.devicePixelRatio || 1;
      surface.width = Math.floor(viewport.width * ratio);
      surface.height = Math.floor(viewport.height * ratio);
      box.style.setProperty("--scale-factor", String(scale));
      box.style.setProperty("--total-scale-factor", String(scale));
      box.style.width = `${Math.floor(viewport.width)}px`;
      box.style.height = `${Math.floor(viewport.height)}px`;
      const rendering = pdfPage.render({ canvas: surface, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      stop = () => rendering.cancel();
      await rendering.promise;
      if (gone) return;
      textLayer.replaceChildren();
      const words = new pdfjs.TextLayer({ textContentSource: await pdfPage.getTextContent(), container: textLayer, viewport });
      stop = () => words.cancel();
      await words.render();
      if (gone) return;
      // A document's marked-content ids must not become ids of our page.
      for (const element of textLayer.querySelectorAll("[id]")) element.removeAttribute("id");
      if (!passage) return setDrawn("drawn");
      const ranges = passageOnPage(words.textContentItemsStr, passage);
      if (ranges.length === 0 && ocrWords && ocrWords.length > 0) {
        // A scan: the words OCR read hold the passage as they hold the indexed text.
        const marked = passageOnPage(
          ocrWords.map((word) => word.text),
          passage,
        )
          .map(({ item }) => ocrWords[item])
          .filter((word) => word !== undefined);
        setScanMarks(marked);
        return setDrawn(marked.length > 0 ? "drawn" : "not-on-page");
      }
      markPassage(words.textDivs, ranges);
      setDrawn(ranges.length > 0 ? "drawn" : "not-on-page");
      bringIntoView(textLayer.querySelector("mark"), "center");
    })().catch(() => {
      if (!gone) setDrawn("failed");
    });
    return () => {
      gone = true;
      stop();
    };
  }, [opened, page, passage, ocrWords, width]);

  useEffect(() => {
    if (scanMarks.length > 0) bringIntoView(frame.current?.querySelector(".rag-viewer__scan-mark") ?? null, "center");
  }, [scanMarks]);

  if (opened.status === "failed" || drawn === "failed") {
    return (
      <>
        <Notice tone="warning" className="rag-viewer__notice">
          {text.pageFailed}
        </Notice>
        {fallback}
      </>
    );
  }
  return (
    <div ref={area} className="rag-viewer__page-area">
      {opened.status === "opening" || drawn === "drawing" ? <Spinner label={text.loadingPage} /> : null}
      {drawn === "not-on-page" && passage ? (
        <Notice tone="info" className="rag-viewer__notice">
          {text.notOnPage}
          <span className="rag-viewer__passage-quote">{passage}</span>
        </Notice>
      ) : null}
      <div ref={frame} className="rag-viewer__page" data-page={page}>
        <canvas ref={canvas} className="rag-viewer__canvas" aria-hidden="true" />
        <div ref={layer} className="textLayer" />
        {/* Drawn for the eye only: the passage is read as text under the page ('Passaggio citato'). */}
        {scanMarks.length > 0 ? (
          <div className="rag-viewer__scan-marks" aria-hidden="true">
            {scanMarks.map((word, index) => (
              <span
                key={index}
                className="rag-viewer__scan-mark"
                style={{ left: percent(word.left), top: percent(word.top), width: percent(word.width), height: percent(word.height) }}
              />
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** An element's width, followed as it changes (a phone turned, a window resized), to whole pixels. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => setWidth(Math.floor(target.clientWidth));
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** The passage's letters wrapped in <mark>, each text item's text kept as text nodes. */
function markPassage(items: readonly HTMLElement[], ranges: readonly MarkedRange[]) {
  for (const { item, start, end } of ranges) {
    const element = items[item];
    if (!element) continue;
    const words = element.textContent ?? "";
    const mark = document.createElement("mark");
    mark.className = "rag-viewer__pdf-mark";
    mark.textContent = words.slice(start, end);
    element.replaceChildren(words.slice(0, start), mark, words.slice(end));
  }
}
