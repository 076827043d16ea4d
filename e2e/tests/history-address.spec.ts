import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 50 §2: a conversation has its address — /chat/:id, /rag/:id — that a reload, a bookmark
// and back and forward return to; an address that names nothing kept here opens a new one.

test.use({ reducedMotion: "reduce" });

const userQuestions = (page: Page) => page.locator(".chat-message--user");

async function ask(page: Page, question: string) {
  await sendQuestion(page, question);
  await expect(page.locator(".chat-message--assistant").last()).toContainText(/Primo carattere in \d+,\d{2} s/);
}

test("reload, back and forward return to a chat; another account's address opens a new chat and says so", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "indirizzi@esempio.it");
  await ask(page, "Quando fiorisce il glicine?");
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  const first = page.url();

  await page.reload();
  await expect(userQuestions(page)).toHaveText(["Tu:Quando fiorisce il glicine?"]);

  await page.getByRole("banner").getByRole("button", { name: "Nuova chat" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await ask(page, "E le rose?");
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  const second = page.url();
  expect(second).not.toBe(first);

  await page.goBack();
  await expect(page).toHaveURL(first);
  await expect(userQuestions(page)).toHaveText(["Tu:Quando fiorisce il glicine?"]);
  await page.goForward();
  await expect(page).toHaveURL(second);
  await expect(userQuestions(page)).toHaveText(["Tu:E le rose?"]);

  // A bookmark of the first, opened afresh.
  await page.goto(first);
  await expect(userQuestions(page)).toHaveText(["Tu:Quando fiorisce il glicine?"]);

  // Another account on this browser: the address names nothing of its own.
  await page.getByRole("banner").getByRole("button", { name: "Esci" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Esci" })).toHaveCount(0);
  await signIn(page, "altro.indirizzo@esempio.it");
  await page.goto(first);
  await expect(page.getByText("Questa conversazione non è su questo dispositivo: ne è iniziata una nuova.")).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(userQuestions(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a RAG conversation has its address too: a reload returns to it", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "business@oystar.test");
  await page.goto("/rag");
  await sendQuestion(page, "Quando fioriscono le camelie?");
  await expect(page.locator(".chat-message--assistant").last().getByRole("region", { name: "Fonti utilizzate" })).toBeVisible();
  await expect(page).toHaveURL(/\/rag\/\d+$/);
  await page.reload();
  await expect(userQuestions(page)).toHaveText([/Quando fioriscono le camelie\?/]);
  expect(errors).toEqual([]);
});
