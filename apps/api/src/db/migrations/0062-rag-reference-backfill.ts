// Issue 49 §2: documents indexed before migration 0061 got no act or article on their passages.
// Each document says whether its structure was read: those already holding an article, and every
// document ingested from now on (ingestion reads it), say yes; the others are read once at the
// server's start (rag/references/reference-backfill.ts), without re-uploading them.
export const ragReferenceBackfill = `
ALTER TABLE rag_documents ADD COLUMN references_read boolean NOT NULL DEFAULT false;
ALTER TABLE rag_documents ALTER COLUMN references_read SET DEFAULT true;
UPDATE rag_documents d SET references_read = true
WHERE EXISTS (SELECT 1 FROM rag_chunks c WHERE c.document_id = d.id AND c.article IS NOT NULL);
CREATE INDEX rag_documents_references_unread_idx ON rag_documents (id) WHERE NOT references_read;
`;
