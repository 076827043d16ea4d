import { Button, Dialog } from "@oystar/ui-kit/react";
import { pdfMessages } from "../messages";

export type OcrDialogProps = {
  /** The scanned file's name while the question is open, else null. */
  fileName: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** spec 001 §2: an image-only PDF asks before OCR ('Sì, estrai testo' / 'No, annulla'). */
export function OcrDialog({ fileName, onConfirm, onCancel }: OcrDialogProps) {
  return (
    <Dialog
      open={fileName !== null}
      onClose={onCancel}
      title={pdfMessages.ocrQuestionTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {pdfMessages.ocrCancel}
          </Button>
          <Button onClick={onConfirm}>{pdfMessages.ocrConfirm}</Button>
        </>
      }
    >
      <p>{pdfMessages.ocrQuestion(fileName ?? "")}</p>
    </Dialog>
  );
}
