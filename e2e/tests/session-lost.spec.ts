import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// spec 001 §2 (issue 14 §6): the session ends while the user is on /chat. The card 'Autenticazione
// Richiesta' shows over the conversation, and signing in again (in the provider's popup) keeps it.
test("a session lost on /chat: the card, a sign-in in a popup, the conversation kept", async ({ page, context }) => {
  const errors = collectConsoleErrors(page);
  await page.clock.install();
  await signIn(page, "sessione@esempio.it");
  await expect(page.getByRole("banner").getByText("Online")).toBeVisible();
  await sendQuestion(page, "Prima domanda");
  await expect(page.locator(".chat-message--assistant").last()).toContainText("Primo carattere");

  // The session ends: the provider's sign-in session is closed, it refuses the refresh token
  // (as when it was revoked), and the access token in the page's memory has expired.
  await context.request.get("/idp/v2/logout");
  await page.route("**/idp/oauth/token", async (route) => {
    if (!route.request().postData()?.includes("refresh_token")) return route.continue();
    return route.fulfill({ status: 403, json: { error: "invalid_grant", error_description: "Unknown or invalid refresh token." } });
  });
  await page.clock.fastForward("02:00:00");

  await sendQuestion(page, "Seconda domanda");
  const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Autenticazione Richiesta" }) });
  await expect(card).toBeVisible();
  // No redirect: the page and its conversation (at its address, issue 50 §2) are still there.
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  await expect(page.getByText("Prima domanda", { exact: true })).toBeVisible();

  // Back to the real time, which the server's new tokens are dated by.
  await page.clock.setSystemTime(Date.now());
  const popup = page.waitForEvent("popup");
  await card.getByRole("button", { name: "Accedi" }).click();
  const provider = await popup;
  await provider.getByLabel(/Un altro indirizzo email/).fill("sessione@esempio.it");
  await provider.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(card).toBeHidden();
  await expect(page.getByText("Prima domanda", { exact: true })).toBeVisible();

  // Signed in again, the next question is answered whole (the offline answer no longer repeats it).
  const answers = page.locator(".chat-message--assistant");
  const answered = await answers.count();
  await sendQuestion(page, "Terza domanda");
  await expect(page.getByText("Terza domanda", { exact: true })).toBeVisible();
  await expect(answers).toHaveCount(answered + 1);
  await expect(answers.last()).toContainText("Primo carattere");
  // What failed was only the refused refresh and the calls made while signed out (401).
  expect(errors.filter((error) => !/status of (401|403)/.test(error))).toEqual([]);
});
