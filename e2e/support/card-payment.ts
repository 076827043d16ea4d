import type { Page } from "@playwright/test";

/** Fills the development checkout's card form as a customer would, and pays. */
export async function payWithCard(page: Page, number: string) {
  await page.getByLabel("Intestatario della carta").fill("Maria Rossi");
  await page.getByLabel("Numero della carta").fill(number);
  await page.getByLabel("Scadenza (MM/AA)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Paga/ }).click();
}
