/** DESIGN.md §2: these paths belong to the assistant app; going there is a full page load. */
export function isAssistantPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? "";
  return ["/chat", "/debate", "/rag"].some((page) => pathname === page || pathname.startsWith(`${page}/`));
}

export const goTo = (path: string) => window.location.assign(path);
