import type { LibraryIndex, LibraryIndexes } from "@oystar/api-client";
import { Button, Dialog, Notice, Spinner } from "@oystar/ui-kit/react";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { useStore } from "zustand";
import { formatBytes, type Library } from "../library";
import { libraryMessages } from "../library-messages";
import { LibraryDocuments } from "./library-documents";
import { LibrarySites } from "./library-sites";
import { LibraryUpload } from "./library-upload";

// Issue 48 §1, 'I miei documenti': the customer's indexes (each with its documents and the space
// it takes of the plan's), 'Nuovo indice' and 'Elimina indice', and the open index's documents and
// websites. The spec's index request stays, for who prefers it done for them.

export type LibraryScreenProps = {
  library: Library;
  /** Where the spec's indexing request is (a page of the site: a full load). */
  indexRequestHref: string;
  /** The way back to the questions, as the app links it. */
  backLink?: ReactNode;
};

export function LibraryScreen({ library, indexRequestHref, backLink }: LibraryScreenProps) {
  const indexes = useStore(library.store, (state) => state.indexes);
  const loadFailed = useStore(library.store, (state) => state.loadFailed);
  const error = useStore(library.store, (state) => state.error);
  const open = useStore(library.store, (state) => state.open);
  useEffect(() => {
    void library.load();
    return () => library.dispose();
  }, [library]);

  return (
    <div className="rag-library">
      <header className="rag-library__header">
        <h1>{libraryMessages.title}</h1>
        <p>{libraryMessages.intro}</p>
        <nav className="rag-library__links">
          {backLink}
          <a href={indexRequestHref}>{libraryMessages.requestIndexing}</a>
        </nav>
      </header>
      {error ? (
        <Notice tone="error" compact>
          {error}
        </Notice>
      ) : null}
      {indexes ? (
        <>
          <IndexList library={library} indexes={indexes} open={open} />
          {open ? <OpenIndex library={library} index={indexes.indexes.find((index) => index.name === open) ?? null} /> : null}
        </>
      ) : loadFailed ? (
        <Notice tone="error">
          {libraryMessages.loadFailed}{" "}
          <Button size="sm" variant="secondary" onClick={() => void library.load()}>
            {libraryMessages.retry}
          </Button>
        </Notice>
      ) : (
        <Spinner label={libraryMessages.loading} />
      )}
    </div>
  );
}

function IndexList({ library, indexes, open }: { library: Library; indexes: LibraryIndexes; open: string | null }) {
  const [deleting, setDeleting] = useState<LibraryIndex | null>(null);
  const full = indexes.limits.indexes >= 0 && indexes.used.indexes >= indexes.limits.indexes;
  return (
    <section className="rag-library__indexes" aria-labelledby="rag-library-indexes">
      <div className="rag-library__indexes-header">
        <h2 id="rag-library-indexes">{libraryMessages.indexesCount(indexes.used.indexes, indexes.limits.indexes)}</h2>
        <NewIndex library={library} discouraged={full} />
      </div>
      {indexes.indexes.length === 0 ? <p className="rag-library__empty">{libraryMessages.noIndexes}</p> : null}
      <ul className="rag-library__index-list">
        {indexes.indexes.map((index) => (
          <li key={index.name} className={index.name === open ? "rag-library__index rag-library__index--open" : "rag-library__index"}>
            <span className="rag-library__index-label">{index.label}</span>
            <span>{libraryMessages.documentsCount(index.documents)}</span>
            <span>{libraryMessages.space(formatBytes(index.bytes), formatBytes(indexes.limits.bytes))}</span>
            <Button
              size="sm"
              variant={index.name === open ? "secondary" : "primary"}
              aria-label={libraryMessages.openIndex(index.label)}
              aria-pressed={index.name === open}
              onClick={() => library.openIndex(index.name)}
            >
              {libraryMessages.open}
            </Button>
            <Button size="sm" variant="ghost" aria-label={libraryMessages.deleteIndexNamed(index.label)} onClick={() => setDeleting(index)}>
              {libraryMessages.deleteIndex}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? libraryMessages.deleteIndexNamed(deleting.label) : ""}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {libraryMessages.cancel}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (deleting) void library.deleteIndex(deleting.name);
                setDeleting(null);
              }}
            >
              {libraryMessages.confirmDelete}
            </Button>
          </>
        }
      >
        <p>{deleting ? libraryMessages.confirmDeleteIndex(deleting.label) : null}</p>
      </Dialog>
    </section>
  );
}

/** 'Nuovo indice': a name, then the server's answer (it refuses past the plan's count, in the plan's words). */
function NewIndex({ library, discouraged }: { library: Library; discouraged: boolean }) {
  const nameId = useId();
  const [naming, setNaming] = useState(false);
  const [label, setLabel] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await library.createIndex(label.trim())) {
      setLabel("");
      setNaming(false);
    }
  };
  if (!naming)
    return (
      <Button variant={discouraged ? "secondary" : "primary"} onClick={() => setNaming(true)}>
        {libraryMessages.newIndex}
      </Button>
    );
  return (
    <form className="rag-library__new-index" onSubmit={(event) => void submit(event)}>
      <label htmlFor={nameId}>{libraryMessages.newIndexName}</label>
      <input
        id={nameId}
        className="oy-input"
        value={label}
        maxLength={80}
        required
        autoFocus
        onChange={(event) => setLabel(event.currentTarget.value)}
      />
      <Button type="submit">{libraryMessages.create}</Button>
      <Button variant="ghost" onClick={() => setNaming(false)}>
        {libraryMessages.cancel}
      </Button>
    </form>
  );
}

function OpenIndex({ library, index }: { library: Library; index: LibraryIndex | null }) {
  const contents = useStore(library.store, (state) => state.contents);
  const sending = useStore(library.store, (state) => state.sending);
  return (
    <section className="rag-library__open" aria-labelledby="rag-library-open">
      <h2 id="rag-library-open">{index?.label ?? ""}</h2>
      <LibraryUpload onFiles={(files) => void library.upload(files)} sending={sending}>
        {contents ? (
          <LibraryDocuments
            documents={contents.documents}
            onReplace={(id, file) => void library.replace(id, file)}
            onRemove={(id) => void library.remove(id)}
          />
        ) : (
          <Spinner label={libraryMessages.loading} />
        )}
      </LibraryUpload>
      {contents ? (
        <LibrarySites sites={contents.sites} onAdd={(url) => library.addSite(url)} onSync={(id) => void library.syncSite(id)} />
      ) : null}
    </section>
  );
}
