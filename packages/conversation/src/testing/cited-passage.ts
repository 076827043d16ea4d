import type { CitedPassage } from "@oystar/api-client";

/**
 * A cited passage as the server sends one (issue 38 §1), for tests and stories: what a test does
 * not say is what a Markdown passage of the demo index has — no address, no page, not checked.
 */
export function citedPassage(fields: Pick<CitedPassage, "noteNumber" | "chunkId"> & Partial<CitedPassage>): CitedPassage {
  const filename = fields.filename ?? `documento-${fields.noteNumber}.md`;
  return {
    document: `gardenroute-demo/${filename}`,
    title: "",
    filename,
    url: null,
    page: null,
    place: null,
    excerpt: "",
    support: null,
    ...fields,
  };
}
