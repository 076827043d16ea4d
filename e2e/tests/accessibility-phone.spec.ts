import { expect, test } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { sendQuestion } from "../support/composer";
import { signIn } from "../support/sign-in";

// Issue 52: axe clean in both themes at 390 px as on the desktop (accessibility.spec.ts). A phone
// lays out other things than a wide screen — the assistant's menu, the
// conversations as a drawer, the source viewer as a full-screen sheet — each checked here as a
// phone shows it, in the light theme, under a dark system and with 'Scuro' chosen.

test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
// Each screen is checked three times over: a journey with several screens takes longer on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("the site on a phone: the landing, the plans, sign-in, privacy", async ({ page }) => {
  await page.goto("/oystar");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectAccessible(page, "/oystar a 390 px");

  for (const path of ["/subscription", "/login", "/privacy"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, `${path} a 390 px`);
  }
});

test("the assistant on a phone: chat with an answer, its menu, the conversations drawer, the debate, the account", async ({ page }) => {
  await signIn(page, "telefono-accessibile@esempio.it");
  await sendQuestion(page, "Una domanda dal telefono");
  await expect(page.locator(".chat-message--assistant").last()).toContainText("Modello dimostrativo offline");
  await expectAccessible(page, "/chat a 390 px con una risposta");

  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Menu" }).click();
  await expect(banner.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
  await expectAccessible(page, "/chat a 390 px, menu aperto");
  await banner.getByRole("button", { name: "Menu" }).click();
  await expect(banner.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");

  await page.getByRole("button", { name: "Conversazioni" }).first().click();
  const drawer = page.getByRole("dialog", { name: "Conversazioni" });
  await expect(drawer.getByRole("button", { name: "Apri «Una domanda dal telefono»" })).toBeVisible();
  await expectAccessible(page, "Conversazioni a 390 px");
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);

  await page.goto("/debate");
  await expect(page.getByRole("link", { name: "Passa a Base" })).toBeVisible();
  await expectAccessible(page, "/debate a 390 px, piano Free");

  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Il mio account" })).toBeVisible();
  await expectAccessible(page, "/account a 390 px");
});

test("RAG on a phone: an answer with its sources, the viewer as a sheet, 'I miei documenti'", async ({ page }) => {
  await signIn(page, "business@oystar.test");
  await page.goto("/rag");
  await sendQuestion(page, "Quando fioriscono le camelie e dove si possono vedere?");
  await expect(page.getByRole("region", { name: "Fonti utilizzate" }).last()).toBeVisible();
  await expectAccessible(page, "/rag a 390 px con una risposta");

  await page.locator(".chat-message--assistant").last().getByRole("link", { name: "Fonte 1", exact: true }).first().click();
  await expect(page.locator("mark.rag-viewer__mark").first()).toBeVisible();
  await expectAccessible(page, "/rag a 390 px, il visore delle fonti");
  await page.keyboard.press("Escape");
  await expect(page.locator("mark.rag-viewer__mark")).toHaveCount(0);

  await page.goto("/rag/documenti");
  await expect(page.getByRole("heading", { level: 1, name: "I miei documenti" })).toBeVisible();
  await expectAccessible(page, "/rag/documenti a 390 px");
});
