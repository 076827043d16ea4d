// The RAG store (DESIGN.md §7–§8): indexes, their documents, and the documents' chunks with an
// Italian full-text vector (GIN) and, where pgvector exists, an embedding. Only what a customer
// deliberately indexes lives here; questions and answers never do.
export const rag = `
CREATE TABLE rag_indexes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9][a-z0-9._-]{0,99}$'),
  -- NULL: shared with every RAG customer (the demo); otherwise the one customer who owns it.
  owner_id bigint REFERENCES users (id) ON DELETE CASCADE,
  label text NOT NULL,
  -- Full-text statistics for BM25: how many chunks, and their summed length in lexemes.
  chunk_count integer NOT NULL DEFAULT 0,
  lexeme_total bigint NOT NULL DEFAULT 0,
  bytes bigint NOT NULL DEFAULT 0,
  -- Bumped by every change, so cached answers over an older content are never served.
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rag_indexes_owner_idx ON rag_indexes (owner_id);

CREATE TABLE rag_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  index_id bigint NOT NULL REFERENCES rag_indexes (id) ON DELETE CASCADE,
  filename text NOT NULL,
  title text NOT NULL,
  url text,
  bytes bigint NOT NULL,
  content_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (index_id, filename)
);

CREATE TABLE rag_chunks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id bigint NOT NULL REFERENCES rag_documents (id) ON DELETE CASCADE,
  index_id bigint NOT NULL REFERENCES rag_indexes (id) ON DELETE CASCADE,
  ordinal integer NOT NULL,
  page integer,
  text text NOT NULL,
  tsv tsvector NOT NULL,
  -- BM25's document length: lexemes counted with repetition.
  lexeme_count integer NOT NULL,
  UNIQUE (document_id, ordinal)
);
-- No pending list: PGlite has no autovacuum to merge it, and queries would scan it linearly.
CREATE INDEX rag_chunks_tsv_idx ON rag_chunks USING gin (tsv) WITH (fastupdate = off);
CREATE INDEX rag_chunks_index_idx ON rag_chunks (index_id);

-- BM25's document frequencies, per index and lexeme, kept by ingestion.
CREATE TABLE rag_terms (
  index_id bigint NOT NULL REFERENCES rag_indexes (id) ON DELETE CASCADE,
  lexeme text NOT NULL,
  df integer NOT NULL,
  PRIMARY KEY (index_id, lexeme)
);

-- Embeddings only where pgvector is installed. The dimension is the embedder's (bge-m3 1024,
-- the local one 256), so the column is untyped and each embedder gets its own HNSW index at start.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    CREATE TABLE rag_chunk_vectors (
      chunk_id bigint PRIMARY KEY REFERENCES rag_chunks (id) ON DELETE CASCADE,
      index_id bigint NOT NULL REFERENCES rag_indexes (id) ON DELETE CASCADE,
      embedder text NOT NULL,
      embedding vector NOT NULL
    );
    CREATE INDEX rag_chunk_vectors_index_idx ON rag_chunk_vectors (index_id, embedder);
  END IF;
END $$;
`;
