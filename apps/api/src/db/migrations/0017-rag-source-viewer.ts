// Issue 25, the source viewer (DESIGN.md §7): where each passage stands in its document (character
// offsets, counted in code points as substring() counts them), the document's reading text, and
// the PDF originals the viewer shows page by page — in the database, so every server of a
// deployment reads them. They go with their document, and with its index.
// Documents indexed before have no positions: re-ingesting them fills them (the demo at start).
export const ragSourceViewer = `
ALTER TABLE rag_chunks ADD COLUMN start_offset integer, ADD COLUMN end_offset integer;

CREATE TABLE rag_document_texts (
  document_id bigint PRIMARY KEY REFERENCES rag_documents (id) ON DELETE CASCADE,
  text text NOT NULL,
  -- A PDF's page count; NULL for other documents.
  pages integer
);

CREATE TABLE rag_originals (
  document_id bigint PRIMARY KEY REFERENCES rag_documents (id) ON DELETE CASCADE,
  media_type text NOT NULL,
  bytes bytea NOT NULL
);
`;
