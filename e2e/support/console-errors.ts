import type { Page } from "@playwright/test";

/**
 * Collects console errors and warnings and uncaught page errors, so a journey can assert there
 * were none. Issue 52 §7: warnings too — React Router's 'No HydrateFallback element provided'
 * was a warning on every assistant page, and no journey noticed it.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Issue 52 §7: the answer streams the page asked for that ended cancelled (`net::ERR_ABORTED`)
 * instead of as the server ended them — a reader that cancelled the rest of the body at its last event.
 */
export function collectAbortedStreams(page: Page): string[] {
  const aborted: string[] = [];
  page.on("requestfailed", (request) => {
    const path = new URL(request.url()).pathname;
    if (
      /^\/(groq\/chat\/completions|api\/ask-stream|api\/debates\/calls)/.test(path) &&
      request.failure()?.errorText === "net::ERR_ABORTED"
    )
      aborted.push(path);
  });
  return aborted;
}
