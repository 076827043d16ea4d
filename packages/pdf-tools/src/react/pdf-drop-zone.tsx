import { useId, useRef, useState, type DragEvent } from "react";
import { pdfMessages } from "../messages";
import { isPdfFile } from "../pdf-limits";
import { pdfViewMessages } from "./messages";

export type PdfDropZoneProps = {
  /** A file the user dropped or chose (already known to be a PDF by its type or name). */
  onFile: (file: File) => void;
  /** A dropped or chosen file that is not a PDF (spec 001 §5: 'Trascina un file PDF' on drop). */
  onRefused: (message: string) => void;
  /** While a PDF is being read, or an answer is streaming. */
  disabled?: boolean;
  /** Shown instead of the hint while the file is read or OCR runs. */
  busyText?: string | null;
};

/** spec 001 §2: drag a PDF here or click to choose one ('Max 100 MB'). */
export function PdfDropZone({ onFile, onRefused, disabled = false, busyText = null }: PdfDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const words = pdfViewMessages.dropZone;

  const take = (file: File | undefined, dropped: boolean) => {
    if (!file || disabled) return;
    // A wrong type is refused here; the size is the PDF context's to judge (it says how large).
    if (!isPdfFile(file)) return onRefused(dropped ? pdfMessages.dropPdf : pdfMessages.onlyPdf);
    onFile(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0], true);
  };

  return (
    <div
      className={`pdf-drop${dragging ? " pdf-drop--over" : ""}${disabled ? " pdf-drop--disabled" : ""}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <button
        type="button"
        className="pdf-drop__button"
        disabled={disabled}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        {words.choose}
      </button>
      <span id={hintId} className="pdf-drop__hint" aria-live="polite">
        {busyText ?? words.hint}
      </span>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        onChange={(event) => {
          take(event.target.files?.[0], false);
          // The same file chosen again after a removal must fire again.
          event.target.value = "";
        }}
      />
    </div>
  );
}
