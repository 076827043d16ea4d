// Issue 34 §2: the index build running in the deployment (one at a time), and how far it is — in
// the database, so that any server answers the admin's panel, and a second 'Indicizza' sent to
// another server is refused as well. Its server beats its heart while it runs: a build whose server
// died is taken over by the next one once its heart has stopped.
export const ragIndexBuilds = `
CREATE TABLE rag_index_builds (
  slot boolean PRIMARY KEY DEFAULT true CHECK (slot),
  request_id uuid NOT NULL,
  progress jsonb NOT NULL,
  heartbeat timestamptz NOT NULL DEFAULT now()
);
`;
