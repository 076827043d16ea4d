// Issue 47 §5: 'I miei dati' reads an account's debates a page at a time, each page after the last
// row of the one before by (created_at, id); this index starts every page where the last ended
// (the old one, without the id, made each page of a million rows sort them all again). Old debate
// rows are deleted after the privacy page's twelve months, found by their date.
export const debatesByAccountPage = `
CREATE INDEX debates_user_page_idx ON debates (user_id, created_at, id);
DROP INDEX debates_user_idx;
CREATE INDEX debates_created_idx ON debates (created_at);
`;
