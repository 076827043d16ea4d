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
