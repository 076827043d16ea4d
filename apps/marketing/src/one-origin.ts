/** DESIGN.md §2: the assistant's pages (ASSISTANT_PATHS) are another app on this origin: a full page load. */
export const goTo = (path: string) => window.location.assign(path);
