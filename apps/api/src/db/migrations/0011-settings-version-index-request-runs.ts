// Two records the admin's work leaves (DESIGN.md §7):
//  - the global settings are "one versioned row": the version counts the admin's saves (spec 000
//    §9, spec 001 §2: the RAG configuration panel shows it). A row saved before this migration
//    has been saved at least once: version 1.
//  - each indexing request (spec 000 §5) the admin turned into an index, with the outcome of the
//    last attempt: the admin's list shows the requests still waiting, or whose attempt failed.
export const settingsVersionIndexRequestRuns = `
ALTER TABLE global_settings ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);

CREATE TABLE rag_index_request_runs (
  request_id uuid PRIMARY KEY REFERENCES form_submissions (id) ON DELETE CASCADE,
  index_name text,
  -- indexed: at least one document is in the index; failed: refused, or no document could be read.
  status text NOT NULL CHECK (status IN ('indexed', 'failed')),
  report jsonb NOT NULL,
  ran_at timestamptz NOT NULL DEFAULT now()
);
`;
