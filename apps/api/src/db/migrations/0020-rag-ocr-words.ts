// Issue 34 §3: the words OCR read on a scanned PDF's page, with their boxes (fractions of the
// page, [text, left, top, width, height] each), so the source viewer highlights a scanned
// passage on the page's picture as it does a text PDF's in its text layer. They go with their
// document. Scans indexed before have none: the viewer shows their page and the passage under it.
export const ragOcrWords = `
CREATE TABLE rag_ocr_pages (
  document_id bigint NOT NULL REFERENCES rag_documents (id) ON DELETE CASCADE,
  page integer NOT NULL,
  words jsonb NOT NULL,
  PRIMARY KEY (document_id, page)
);
`;
