// A second full-text view of every chunk for BM25 (issue 23; full-text-search.ts): its words
// folded to lower case without accents and cut to their first six letters, every word kept —
// «sources.list» → source, list; «funzionalità» → funzio. Postgres' Italian stemmer and these
// prefix stems each find what the other misses (file names, commands and English words in
// Italian text; verb and noun forms the stemmer does not join); BM25 sums the two.
// rag_prefix_stems() is the one definition, for ingestion, questions and the backfill below.
export const ragPrefixStems = `
CREATE FUNCTION rag_prefix_stems(body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
  SELECT to_tsvector('simple', coalesce(string_agg(left(word, 6), ' ' ORDER BY position), ''))
  FROM regexp_split_to_table(
    translate(lower(body), 'àáâãäåèéêëìíîïòóôõöùúûüýÿñçÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝÑÇ', 'aaaaaaeeeeiiiiooooouuuuyyncaaaaaaeeeeiiiiooooouuuuync'),
    '[^[:alnum:]]+'
  ) WITH ORDINALITY AS t(word, position)
  WHERE word <> ''
$f$;

-- Per chunk: the stems of its document's title and its text, and their count with repetition.
ALTER TABLE rag_chunks ADD COLUMN stems tsvector, ADD COLUMN stem_count integer NOT NULL DEFAULT 0;
ALTER TABLE rag_indexes ADD COLUMN stem_total bigint NOT NULL DEFAULT 0;
-- BM25's document frequencies of the stems, per index, kept by ingestion like rag_terms.
CREATE TABLE rag_stem_terms (
  index_id bigint NOT NULL REFERENCES rag_indexes (id) ON DELETE CASCADE,
  stem text NOT NULL,
  df integer NOT NULL,
  PRIMARY KEY (index_id, stem)
);

UPDATE rag_chunks c SET stems = rag_prefix_stems(d.title || ' ' || c.text) FROM rag_documents d WHERE d.id = c.document_id;
UPDATE rag_chunks SET stem_count = (SELECT coalesce(sum(coalesce(array_length(l.positions, 1), 1)), 0) FROM unnest(stems) AS l);
ALTER TABLE rag_chunks ALTER COLUMN stems SET NOT NULL;
INSERT INTO rag_stem_terms (index_id, stem, df) SELECT c.index_id, s.lexeme, count(*) FROM rag_chunks c, unnest(c.stems) AS s GROUP BY c.index_id, s.lexeme;
UPDATE rag_indexes i SET stem_total = coalesce((SELECT sum(c.stem_count) FROM rag_chunks c WHERE c.index_id = i.id), 0);
-- Candidates are found on the stems (every word of the question has one).
CREATE INDEX rag_chunks_stems_idx ON rag_chunks USING gin (stems) WITH (fastupdate = off);
`;
