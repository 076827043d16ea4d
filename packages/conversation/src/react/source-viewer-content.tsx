import type { RagPassage } from "@oystar/api-client";
import { Button, Notice, Spinner } from "@oystar/ui-kit/react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { conversationMessages } from "../messages";
import { sourceLink } from "../safe-links";
import type { LoadPdfRenderer } from "../pdf-renderer";
import type { SourceViewer } from "../source-viewer";
import { PassageText } from "./passage-text";
import { PdfPage } from "./pdf-page";

const text = conversationMessages.viewer;

/**
 * Issue 25: what the viewer shows (loaded when a source is first opened) — the document's file
 * name and, when its owner gave one, the link to the original; 'Passaggio k di m' to step through
 * the passages of the document the answer used; the passage highlighted in its text, or for a PDF
 * its page, with the page number and the previous and next pages.
 */
export default function SourceViewerContent({ viewer, loadPdfRenderer }: { viewer: SourceViewer; loadPdfRenderer: LoadPdfRenderer }) {
  const { opened, passage, original, page } = useStore(
    viewer.store,
    useShallow((state) => ({ opened: state.opened, passage: state.passage, original: state.original, page: state.page })),
  );
  if (!opened) return null;
  const loaded = passage?.status === "loaded" ? passage.value : null;
  return (
    <div className="rag-viewer__layout">
      <DocumentFacts
        noteNumber={opened.noteNumber}
        filename={loaded?.document.filename ?? opened.filename}
        url={loaded?.document.url ?? null}
      />
      <Stepper
        label={text.passageNavigation}
        position={text.passagePosition(opened.position + 1, opened.passages.length)}
        previous={{ label: text.previousPassage, disabled: opened.position === 0, go: viewer.previous }}
        next={{ label: text.nextPassage, disabled: opened.position >= opened.passages.length - 1, go: viewer.next }}
      />
      {opened.uncited?.includes(opened.passages[opened.position] ?? "") ? (
        <p className="rag-viewer__uncited">{text.uncitedPassage}</p>
      ) : null}
      {passage?.status === "failed" ? (
        <Notice tone="error" className="rag-viewer__notice">
          <p>{passage.message}</p>
          <Button size="sm" variant="secondary" onClick={viewer.retry}>
            {text.retry}
          </Button>
        </Notice>
      ) : null}
      {!loaded ? passage?.status === "loading" ? <Spinner label={text.loadingPassage} /> : null : null}
      {loaded && loaded.document.format === "pdf" && original?.status !== "failed" && page !== null ? (
        <section className="rag-viewer__pdf" aria-label={text.pageImage(page)}>
          <Stepper
            label={text.pageNavigation}
            position={text.pagePosition(page, loaded.document.pages ?? page)}
            previous={{ label: text.previousPage, disabled: page <= 1, go: () => viewer.showPage(page - 1) }}
            next={{ label: text.nextPage, disabled: page >= (loaded.document.pages ?? page), go: () => viewer.showPage(page + 1) }}
          />
          {original?.status === "loaded" ? (
            <PdfPage
              key={loaded.document.id}
              bytes={original.value}
              page={page}
              passage={page === loaded.page ? loaded.text : null}
              ocrWords={page === loaded.page ? loaded.ocrWords : undefined}
              loadPdfRenderer={loadPdfRenderer}
              fallback={<PassageText passage={loaded} />}
            />
          ) : (
            <Spinner label={text.loadingPage} />
          )}
          <CitedPassage passage={loaded} />
        </section>
      ) : loaded ? (
        <>
          {original?.status === "failed" ? (
            <Notice tone="warning" className="rag-viewer__notice">
              {text.pageFailed}
            </Notice>
          ) : null}
          {loaded.email ? <EmailHeader header={loaded.email} /> : null}
          {/* Issue 34: the slide or sheet a presentation's or workbook's passage stands on. */}
          {loaded.place ? <p className="rag-viewer__place">{loaded.place}</p> : null}
          {/* Issue 49 §4: the article a passage of an act is, as lawyers cite it. */}
          {loaded.reference ? <p className="rag-viewer__place">{loaded.reference}</p> : null}
          <PassageText passage={loaded} />
        </>
      ) : null}
    </div>
  );
}

function DocumentFacts({ noteNumber, filename, url }: { noteNumber: number; filename: string | null; url: string | null }) {
  const link = sourceLink(url ?? undefined);
  return (
    <p className="rag-viewer__facts">
      {/* The number the answer cites it by, as the sources list shows it. */}
      <span className="rag-viewer__source">{text.source(noteNumber)}</span>
      {filename ? <span className="rag-viewer__file">{text.file(filename)}</span> : null}
      {/* Only an address the index's owner gave, and only http(s). */}
      {link ? (
        <a className="rag-viewer__original" href={link} target="_blank" rel="noopener noreferrer nofollow">
          {text.original}
          <span className="oy-visually-hidden">{` (${text.originalHint})`}</span>
        </a>
      ) : null}
    </p>
  );
}

/** Issue 34: who wrote an e-mail, to whom, when and about what, above its passage. */
function EmailHeader({ header }: { header: NonNullable<RagPassage["email"]> }) {
  const fields = (["subject", "from", "to", "date"] as const).filter((field) => header[field]);
  return (
    <dl className="rag-viewer__email" aria-label={text.emailHeader}>
      {fields.map((field) => (
        <div key={field}>
          <dt>{text.emailFields[field]}</dt>
          <dd>{header[field]}</dd>
        </div>
      ))}
    </dl>
  );
}

type Step = { label: string; disabled: boolean; go: () => void };

/**
 * 'Passaggio k di m' or 'Pagina p di n' between its previous and next buttons. At either end a
 * button says it is disabled (aria-disabled) but keeps the focus: a disabled button would drop
 * it out of the viewer, and Escape with it.
 */
function Stepper({ label, position, previous, next }: { label: string; position: string; previous: Step; next: Step }) {
  const button = (step: Step, arrow: string) => (
    <Button
      size="sm"
      variant="secondary"
      className="rag-viewer__step"
      aria-label={step.label}
      title={step.label}
      aria-disabled={step.disabled || undefined}
      onClick={step.disabled ? undefined : step.go}
    >
      {arrow}
    </Button>
  );
  return (
    <nav className="rag-viewer__stepper" aria-label={label}>
      {button(previous, "‹")}
      <p className="rag-viewer__position" aria-live="polite">
        {position}
      </p>
      {button(next, "›")}
    </nav>
  );
}

/** Under a PDF's page, the cited passage as text: what a screen reader reads, and a check for the eye. */
function CitedPassage({ passage }: { passage: RagPassage }) {
  return (
    <details className="rag-viewer__cited">
      <summary>{text.citedPassage}</summary>
      <p>{passage.text}</p>
    </details>
  );
}
