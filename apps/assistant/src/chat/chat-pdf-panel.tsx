import type { DocumentAction, PdfContext } from "@oystar/pdf-tools";
import { DOCUMENT_ACTIONS, pdfMessages } from "@oystar/pdf-tools";
import { LoadedPdfCard, LockedPdfZone, OcrDialog, PdfDropZone, pdfViewMessages, usePdfContext } from "@oystar/pdf-tools/react";
import { Notice } from "@oystar/ui-kit/react";

/** spec 001 §5: a user whose plan has no PDF upload is sent to the plans, Business first. */
const PDF_UPGRADE_HREF = "/subscription?plan=business";

export type ChatPdfPanelProps = {
  context: PdfContext<File>;
  /** spec 001 §2: PDF upload is for business and enterprise (the plan the server reports); null while it is not known yet. */
  allowed: boolean | null;
  /** An answer is streaming: nothing changes under it. */
  answering: boolean;
  /** A document action on the loaded PDF: the request it sends, and the action's name the thread shows. */
  onAction: (request: string, label: string) => void;
};

/**
 * The chat's PDF strip above the input: the drop zone, or the loaded PDF with its actions — there
 * until removed (issue 50 §5), so more actions never need the thread cleared.
 */
export function ChatPdfPanel({ context, allowed, answering, onAction }: ChatPdfPanelProps) {
  const state = usePdfContext(context, (current) => current);
  const { phase } = state;
  // Neither the drop zone nor the upsell until the plan is known: no flash of the wrong one.
  if (allowed === null) return null;
  if (!allowed) return <LockedPdfZone upgradeHref={PDF_UPGRADE_HREF} onAttempt={() => window.location.assign(PDF_UPGRADE_HREF)} />;
  const busyText =
    phase.name === "reading" ? pdfViewMessages.dropZone.reading(phase.fileName) : phase.name === "ocr" ? pdfMessages.ocrRunning : null;
  return (
    <div className="chat-pdf">
      {phase.name === "loaded" ? (
        <LoadedPdfCard
          pdf={phase.pdf}
          onRemove={context.remove}
          onAction={(action: DocumentAction) =>
            onAction(DOCUMENT_ACTIONS[action].request(phase.pdf.name), DOCUMENT_ACTIONS[action].description)
          }
          disabled={answering}
        />
      ) : (
        <PdfDropZone
          onFile={(file) => void context.load(file)}
          onRefused={(message) => context.showAlert(message)}
          disabled={answering || busyText !== null}
          busyText={busyText}
        />
      )}
      {state.alert ? (
        <Notice tone="error" onDismiss={context.dismissAlert}>
          {state.alert}
        </Notice>
      ) : null}
      {state.warning ? (
        <Notice tone="warning" onDismiss={context.dismissWarning}>
          {state.warning}
        </Notice>
      ) : null}
      <OcrDialog
        fileName={phase.name === "scanned" ? phase.file.name : null}
        onConfirm={() => void context.confirmOcr()}
        onCancel={context.remove}
      />
    </div>
  );
}
