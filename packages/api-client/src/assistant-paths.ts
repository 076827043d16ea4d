/**
 * DESIGN.md §2: the pages of the assistant app, one origin with the site. The site links to them
 * with full page loads, the assistant routes them, the server serves the assistant's HTML there.
 */
export const ASSISTANT_PATHS = {
  chat: "/chat",
  debate: "/debate",
  rag: "/rag",
  /** Issue 36 §8: 'Il mio account' — 'I miei dati' and 'Elimina account'. */
  account: "/account",
  /** Issue 48: 'I miei documenti' — a customer's own indexes, documents and websites. */
  library: "/rag/documenti",
} as const;

export type AssistantPath = (typeof ASSISTANT_PATHS)[keyof typeof ASSISTANT_PATHS];

/** Whether a path (with or without query and hash) is one of the assistant's pages or below one. */
export function isAssistantPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? "";
  return Object.values(ASSISTANT_PATHS).some((page) => pathname === page || pathname.startsWith(`${page}/`));
}
