import { expect, type Page } from "@playwright/test";

/**
 * Asks a question as a user does: types it, waits until the send button can be used — the page
 * checks the server when it opens (spec 001 §4: "checking", then "online"), and until then Enter
 * sends nothing — then presses Enter.
 */
export async function sendQuestion(page: Page, question: string) {
  const input = page.getByRole("textbox", { name: "Messaggio" });
  await input.fill(question);
  await expect(page.getByRole("button", { name: "Invia" })).toBeEnabled();
  await input.press("Enter");
}
