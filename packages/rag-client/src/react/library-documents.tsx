import type { LibraryDocument } from "@oystar/api-client";
import { useOpenSource } from "@oystar/conversation/react";
import { Button, Dialog } from "@oystar/ui-kit/react";
import { useId, useMemo, useRef, useState } from "react";
import { documentStatus, filterDocuments, formatBytes, type UploadFile } from "../library";
import { libraryMessages } from "../library-messages";

// Issue 48 §3: one row per document — its path, size, format and status (which moves on its own) —
// with 'Apri' (the source viewer at its first passage), 'Sostituisci' (a new version) and
// 'Elimina <nome del file>' (after a confirmation). A filter box finds one by name among 10,000;
// the rows shown are capped, so that a large index stays quick to show.

/** Rows drawn at once: the filter finds the others. */
export const SHOWN_ROWS = 200;

export type LibraryDocumentsProps = {
  documents: readonly LibraryDocument[];
  onReplace: (id: string, file: UploadFile) => void;
  onRemove: (id: string) => void;
};

export function LibraryDocuments({ documents, onReplace, onRemove }: LibraryDocumentsProps) {
  const filterId = useId();
  const [filter, setFilter] = useState("");
  const [removing, setRemoving] = useState<LibraryDocument | null>(null);
  const found = useMemo(() => filterDocuments(documents, filter), [documents, filter]);
  const shown = found.slice(0, SHOWN_ROWS);
  return (
    <div className="rag-library__documents">
      <div className="rag-library__filter">
        <label htmlFor={filterId}>{libraryMessages.filter}</label>
        <input id={filterId} type="search" className="oy-input" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} />
      </div>
      {documents.length === 0 ? (
        <p className="rag-library__empty">{libraryMessages.noDocuments}</p>
      ) : found.length === 0 ? (
        <p className="rag-library__empty">{libraryMessages.noMatch}</p>
      ) : (
        <table className="rag-library__table">
          <caption className="oy-visually-hidden">{libraryMessages.documents}</caption>
          <thead>
            <tr>
              <th scope="col">{libraryMessages.columnPath}</th>
              <th scope="col">{libraryMessages.columnSize}</th>
              <th scope="col">{libraryMessages.columnFormat}</th>
              <th scope="col">{libraryMessages.columnState}</th>
              <th scope="col">{libraryMessages.columnActions}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((document) => (
              <DocumentRow key={document.id} document={document} onReplace={onReplace} onRemove={() => setRemoving(document)} />
            ))}
          </tbody>
        </table>
      )}
      {found.length > shown.length ? <p className="rag-library__more">{libraryMessages.shown(shown.length, found.length)}</p> : null}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? libraryMessages.removeNamed(removing.path) : ""}
        footer={
          <>
            <Button variant="ghost" onClick={() => setRemoving(null)}>
              {libraryMessages.cancel}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (removing) onRemove(removing.id);
                setRemoving(null);
              }}
            >
              {libraryMessages.confirmDelete}
            </Button>
          </>
        }
      >
        <p>{removing ? libraryMessages.confirmRemove(removing.path) : null}</p>
      </Dialog>
    </div>
  );
}

function DocumentRow({
  document,
  onReplace,
  onRemove,
}: {
  document: LibraryDocument;
  onReplace: LibraryDocumentsProps["onReplace"];
  onRemove: () => void;
}) {
  const openSource = useOpenSource();
  const replaceInput = useRef<HTMLInputElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const status = documentStatus(document);
  const firstPassage = document.first_passage;
  return (
    <tr className={`rag-library__row rag-library__row--${document.state}`}>
      <th scope="row" className="rag-library__path">
        {document.url ? (
          <a href={document.url} target="_blank" rel="noreferrer noopener">
            {document.path}
          </a>
        ) : (
          document.path
        )}
      </th>
      <td>{formatBytes(document.size)}</td>
      <td className="rag-library__format">{document.format.toUpperCase()}</td>
      <td>
        <span className="rag-library__status">{status}</span>
      </td>
      <td className="rag-library__actions">
        {openSource && firstPassage ? (
          <Button
            ref={openButton}
            size="sm"
            variant="ghost"
            onClick={() =>
              openSource({ noteNumber: 1, title: null, filename: document.path, passages: [firstPassage] }, 0, openButton.current)
            }
          >
            {libraryMessages.openDocument}
          </Button>
        ) : null}
        {document.site ? null : (
          <>
            <Button
              size="sm"
              variant="ghost"
              aria-label={libraryMessages.replaceNamed(document.path)}
              onClick={() => replaceInput.current?.click()}
            >
              {libraryMessages.replace}
            </Button>
            <input
              ref={replaceInput}
              type="file"
              className="oy-visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) onReplace(document.id, { file, path: document.path });
                event.currentTarget.value = "";
              }}
            />
          </>
        )}
        <Button size="sm" variant="ghost" aria-label={libraryMessages.removeNamed(document.path)} onClick={onRemove}>
          {libraryMessages.remove}
        </Button>
      </td>
    </tr>
  );
}
