import { expect, type Page } from "@playwright/test";
import { authorizationWhile } from "./api-token";
import { signIn } from "./sign-in";

/** Signs in and opens /debate; returns the Authorization the app sends. */
export async function openDebate(page: Page, email: string): Promise<string> {
  await signIn(page, email);
  const authorization = await authorizationWhile(page, () => page.goto("/debate"));
  await expect(page.getByRole("heading", { level: 1, name: "OYSTAR Debate" })).toBeVisible();
  return authorization;
}
