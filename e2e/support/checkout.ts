import { expect, type Page } from "@playwright/test";

/** Fills the built-in checkout's card form as a customer would, and pays. */
export async function payWithCard(page: Page, number: string) {
  await page.getByLabel("Intestatario della carta").fill("Maria Rossi");
  await page.getByLabel("Numero della carta").fill(number);
  await page.getByLabel("Scadenza (MM/AA)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Paga/ }).click();
}

/** A signed-in user buys a plan through the built-in card checkout and lands back on /chat. */
export async function buyPlan(page: Page, plan: "Base" | "Pro") {
  await page.goto("/subscription");
  await page
    .getByRole("listitem", { name: plan })
    .getByRole("button", { name: `Scegli ${plan}` })
    .click();
  await expect(page).toHaveURL(/\/api\/dev\/checkout\/cs_dev_/);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(new RegExp(`/success\\?plan=${plan.toLowerCase()}$`));
  await expect(page).toHaveURL(/\/chat$/, { timeout: 10_000 });
}
