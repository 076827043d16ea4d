// Issue 48 §4: the links a site's page held when it was last read. A page that has not changed
// (304, or the same bytes) is not read again, and the crawl still follows its links from here.
export const ragSiteLinks = `
ALTER TABLE rag_library_site_pages ADD COLUMN links jsonb NOT NULL DEFAULT '[]';
`;
