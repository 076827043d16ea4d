import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 50 §3: on a wide screen the conversations sit beside the chat — by day, searchable,
// opened, renamed, pinned and deleted in place; folded or open as the user left it. On a phone
// the 'Conversazioni' panel does it.

test.use({ reducedMotion: "reduce" });

async function ask(page: Page, question: string) {
  await sendQuestion(page, question);
  await expect(page.locator(".chat-message--assistant").last()).toContainText(/Primo carattere in \d+,\d{2} s/);
}

test("the sidebar on a wide screen: by day, search, open, rename, pin, delete; its state remembered; none on a phone", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "barra@esempio.it");
  await ask(page, "Quando fiorisce il glicine?");
  await page.getByRole("banner").getByRole("button", { name: "Nuova chat" }).click();
  await ask(page, "Come si pota la rosa?");

  const sidebar = page.getByRole("complementary", { name: "Conversazioni salvate su questo dispositivo" });
  const opener = sidebar.getByRole("button", { name: "Apri la barra laterale" });
  await expect(opener).toHaveAttribute("aria-expanded", "false");
  await opener.click();
  const today = sidebar.getByRole("region", { name: "Oggi" });
  await expect(today.getByRole("button", { name: /^Apri «/ })).toHaveText(["Come si pota la rosa?", "Quando fiorisce il glicine?"]);
  await expect(today.getByRole("button", { name: "Apri «Come si pota la rosa?»" })).toHaveAttribute("aria-current", "page");

  // Open the other one at its address.
  await today.getByRole("button", { name: "Apri «Quando fiorisce il glicine?»" }).click();
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  await expect(page.locator(".chat-message--user")).toHaveText([/Quando fiorisce il glicine\?/]);

  // Search, rename, pin.
  await sidebar.getByRole("searchbox").fill("rosa");
  await expect(sidebar.getByRole("button", { name: /^Apri «/ })).toHaveText(["Come si pota la rosa?"]);
  await sidebar.getByRole("searchbox").fill("");
  await sidebar.getByRole("button", { name: "Rinomina «Quando fiorisce il glicine?»" }).click();
  await sidebar.getByRole("textbox", { name: "Nuovo titolo" }).fill("Glicine a Villa Lante");
  await sidebar.getByRole("textbox", { name: "Nuovo titolo" }).press("Enter");
  await sidebar.getByRole("button", { name: "Fissa in alto «Glicine a Villa Lante»" }).click();
  await expect(sidebar.getByRole("region", { name: "Fissate" }).getByRole("button", { name: /^Apri «/ })).toHaveText([
    "Glicine a Villa Lante",
  ]);

  // Delete: the focus goes to the next one, 'Annulla' is offered.
  await sidebar.getByRole("button", { name: "Elimina «Come si pota la rosa?»" }).click();
  await expect(sidebar.getByRole("button", { name: "Apri «Come si pota la rosa?»" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Annulla l'eliminazione di «Come si pota la rosa?»" })).toBeVisible();

  // Remembered: open after a reload; folded, folded after a reload.
  await page.reload();
  await expect(sidebar.getByRole("button", { name: "Apri «Glicine a Villa Lante»" })).toBeVisible();
  await sidebar.getByRole("button", { name: "Chiudi la barra laterale" }).click();
  await page.reload();
  await expect(sidebar.getByRole("button", { name: "Apri la barra laterale" })).toBeVisible();
  await expect(sidebar.getByRole("button", { name: /^Apri «/ })).toHaveCount(0);

  // A phone: no sidebar, the panel as before.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sidebar).toBeHidden();
  expect(errors).toEqual([]);
});
