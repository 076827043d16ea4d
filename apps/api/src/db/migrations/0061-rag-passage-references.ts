// Issue 49 §2: each passage of an article-structured document knows its act (canonical key,
// «cost», «dlgs:196/2003») and its article («2-septies»), and the commas it holds: a question
// naming them finds it by key (retrieve/reference-search.ts), on this index.
export const ragPassageReferences = `
ALTER TABLE rag_chunks ADD COLUMN act text, ADD COLUMN article text, ADD COLUMN commas text[];
CREATE INDEX rag_chunks_article_idx ON rag_chunks (index_id, article, act) WHERE article IS NOT NULL;
CREATE INDEX rag_chunks_act_idx ON rag_chunks (index_id, act) WHERE article IS NOT NULL;
`;
