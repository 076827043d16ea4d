import { Button } from "@oystar/ui-kit/react";
import type { PdfRecord } from "../document-context";
import { pdfViewMessages } from "./messages";

export type PdfUsedBannerProps = {
  record: PdfRecord;
  /** 'Altre azioni': the PDF back in context (the app also drops the last question and answer). */
  onMoreActions: () => void;
  /** 'Chat normale': the PDF is done with. */
  onNormalChat: () => void;
  disabled?: boolean;
};

/** spec 001 §2: after a PDF action, more actions on the same PDF or back to the plain chat. */
export function PdfUsedBanner({ record, onMoreActions, onNormalChat, disabled = false }: PdfUsedBannerProps) {
  const words = pdfViewMessages.used;
  return (
    <div className="pdf-used" role="status">
      <p className="pdf-used__text">{words.text(record.name)}</p>
      <div className="pdf-used__actions">
        <Button size="sm" variant="secondary" onClick={onMoreActions} disabled={disabled}>
          {words.moreActions}
        </Button>
        <Button size="sm" variant="ghost" onClick={onNormalChat} disabled={disabled}>
          {words.normalChat}
        </Button>
      </div>
    </div>
  );
}
