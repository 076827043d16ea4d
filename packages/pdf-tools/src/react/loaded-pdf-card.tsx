import { Button, IconButton } from "@oystar/ui-kit/react";
import { DOCUMENT_ACTIONS, sizeInKilobytes, type DocumentAction, type LoadedPdf } from "../document-context";
import { pdfViewMessages } from "./messages";

export type LoadedPdfCardProps = {
  pdf: LoadedPdf;
  onRemove: () => void;
  onAction: (action: DocumentAction) => void;
  /** While an answer is streaming. */
  disabled?: boolean;
};

const actions = Object.keys(DOCUMENT_ACTIONS) as DocumentAction[];

/** spec 001 §2: the loaded PDF's name, pages and size, a remove button and its three actions. */
export function LoadedPdfCard({ pdf, onRemove, onAction, disabled = false }: LoadedPdfCardProps) {
  const words = pdfViewMessages.loaded;
  return (
    <section className="pdf-loaded" aria-label={words.label}>
      <div className="pdf-loaded__file">
        <span className="pdf-loaded__icon" aria-hidden="true">
          PDF
        </span>
        <div>
          <p className="pdf-loaded__name">{pdf.name}</p>
          <p className="pdf-loaded__facts">{words.facts(pdf.pages, sizeInKilobytes(pdf.size))}</p>
        </div>
        <IconButton label={words.remove(pdf.name)} icon="×" onClick={onRemove} disabled={disabled} />
      </div>
      <p className="pdf-loaded__hint">{words.hint}</p>
      <div className="pdf-loaded__actions" role="group" aria-label={words.actions}>
        {actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant="secondary"
            disabled={disabled}
            title={DOCUMENT_ACTIONS[action].description}
            onClick={() => onAction(action)}
          >
            {DOCUMENT_ACTIONS[action].label}
          </Button>
        ))}
      </div>
    </section>
  );
}
