import type { Page } from "@playwright/test";

/**
 * The signed-in user's Authorization header, read off the app's own call to the subscription
 * status while `navigate` runs (the app sends it on every page of the assistant).
 */
export async function authorizationWhile(page: Page, navigate: () => Promise<unknown>): Promise<string> {
  const request = page.waitForRequest((request) => request.url().endsWith("/api/subscription/status") && Boolean(request.headers().authorization));
  await navigate();
  return (await request).headers().authorization ?? "";
}
