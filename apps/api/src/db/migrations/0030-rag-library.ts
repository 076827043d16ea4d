// Issue 48, the firm's own library: each document a customer uploads into its index, with the
// state the page shows ('In coda', 'Lettura', 'OCR: pagina X di Y', 'Indicizzato', 'Rifiutato'),
// and the websites it keeps in sync with what each page was when last read (its ETag and
// Last-Modified: an unchanged page costs no work). A file's upload waits on the disk of the
// server that received it: `server_id` and `heartbeat` say which one, and that it is alive.
export const ragLibrary = `
CREATE TABLE rag_library_sites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  index_id bigint NOT NULL REFERENCES rag_indexes (id) ON DELETE CASCADE,
  url text NOT NULL,
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'reading', 'done', 'failed')),
  pages integer NOT NULL DEFAULT 0,
  error text,
  changes jsonb,
  last_read_at timestamptz,
  -- The daily re-reading: due then; taken by one server until claimed_until (one reader across servers).
  next_read_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (index_id, url)
);
CREATE INDEX rag_library_sites_due_idx ON rag_library_sites (next_read_at);

CREATE TABLE rag_library_site_pages (
  site_id uuid NOT NULL REFERENCES rag_library_sites (id) ON DELETE CASCADE,
  url text NOT NULL,
  path text NOT NULL,
  etag text,
  last_modified text,
  content_hash text NOT NULL,
  PRIMARY KEY (site_id, url)
);

CREATE TABLE rag_library_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  index_id bigint NOT NULL REFERENCES rag_indexes (id) ON DELETE CASCADE,
  -- The document's file name in its index (rag_documents.filename): its path in the folder sent.
  path text NOT NULL,
  size bigint NOT NULL,
  state text NOT NULL CHECK (state IN ('queued', 'reading', 'indexed', 'refused')),
  ocr_page integer,
  ocr_pages integer,
  passages integer,
  scanned boolean NOT NULL DEFAULT false,
  reason text,
  site_id uuid REFERENCES rag_library_sites (id) ON DELETE CASCADE,
  -- Each upload of the file (a replacement) is the next attempt: a reading of an older one writes no state over it.
  attempt integer NOT NULL DEFAULT 1,
  server_id text,
  heartbeat timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (index_id, path)
);
CREATE INDEX rag_library_files_waiting_idx ON rag_library_files (server_id) WHERE state IN ('queued', 'reading');
`;
