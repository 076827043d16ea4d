import { expect, type Page } from "@playwright/test";

/**
 * The signed-in user's Authorization header, read off the app's own call to the subscription
 * status while `navigate` runs (the app sends it on every page of the assistant).
 */
export async function authorizationWhile(page: Page, navigate: () => Promise<unknown>): Promise<string> {
  const request = page.waitForRequest(
    (request) => request.url().endsWith("/api/subscription/status") && Boolean(request.headers().authorization),
  );
  await navigate();
  return (await request).headers().authorization ?? "";
}

/** What GET /api/subscription/status says of the signed-in user's quotas (the fields journeys read). */
export type SubscriptionStatus = { debates_used: number; debates_limit: number; queries_used: number };

/** The signed-in user's quotas, as the server counts them. */
export async function subscriptionStatus(page: Page, authorization: string): Promise<SubscriptionStatus> {
  const response = await page.request.get("/api/subscription/status", { headers: { Authorization: authorization } });
  expect(response.status()).toBe(200);
  return (await response.json()) as SubscriptionStatus;
}
