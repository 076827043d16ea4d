import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 50 §1: a deleted conversation is gone for good. The bug it fixes: deleted from
// 'Conversazioni', it stayed on screen, the next message saved it again under its old title, and
// the Markdown export held both messages.

test.use({ reducedMotion: "reduce" });

async function ask(page: Page, question: string) {
  await sendQuestion(page, question);
  await expect(page.locator(".chat-message--assistant").last()).toContainText(/Primo carattere in \d+,\d{2} s/);
}

/** What this browser's IndexedDB holds of the conversations: how many records, and their bytes as text. */
const storedRecords = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("oystar-conversations");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const records = await new Promise<unknown[]>((resolve) => {
      const all = db.transaction("conversations").objectStore("conversations").getAll();
      all.onsuccess = () => resolve(all.result as unknown[]);
    });
    db.close();
    return records.length;
  });

test("a conversation deleted while on screen leaves it; typing on starts a new one; after a reload and in the export it is gone", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "riservato@esempio.it");
  await ask(page, "Dati riservati cliente Verdi");
  await expect(page).toHaveURL(/\/chat\/\d+$/);

  await page.getByRole("button", { name: "Conversazioni" }).click();
  const panel = page.getByRole("dialog", { name: "Conversazioni" });
  // No question first: deleted at once.
  await panel.getByRole("button", { name: "Elimina «Dati riservati cliente Verdi»" }).click();
  // The last one: the panel closes, the chat is a new one at /chat, the focus in the message box.
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.locator(".chat-message")).toHaveCount(0);
  const box = page.getByRole("textbox", { name: "Messaggio" });
  await expect(box).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "«Dati riservati cliente Verdi» eliminata." })).toBeVisible();

  // Typing on: a new conversation, with nothing of the deleted one.
  await ask(page, "Una domanda qualsiasi");
  await expect(page.locator(".chat-message--user")).toHaveText(["Tu:Una domanda qualsiasi"]);

  await page.reload();
  await expect(page.locator(".chat-message--user")).toHaveText(["Tu:Una domanda qualsiasi"]);
  await page.getByRole("button", { name: "Conversazioni" }).click();
  await expect(panel.getByRole("button", { name: /^Apri «/ })).toHaveText(["Una domanda qualsiasi"]);
  expect(await storedRecords(page)).toBe(1);

  const download = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Esporta (Markdown)" }).click();
  const markdown = await readFile((await (await download).path())!, "utf8");
  expect(markdown).toContain("Una domanda qualsiasi");
  expect(markdown).not.toContain("Verdi");
  expect(errors).toEqual([]);
});

test("'Annulla' within 10 s brings a deleted conversation back to the list and the screen", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "ripensamento@esempio.it");
  await ask(page, "Una conversazione da ritrovare");
  const address = page.url();
  await page.getByRole("button", { name: "Conversazioni" }).click();
  await page.getByRole("button", { name: "Elimina «Una conversazione da ritrovare»" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await page.getByRole("button", { name: "Annulla l'eliminazione di «Una conversazione da ritrovare»" }).click();
  await expect(page).toHaveURL(address);
  await expect(page.locator(".chat-message--user")).toHaveText(["Tu:Una conversazione da ritrovare"]);
  await page.reload();
  await expect(page.locator(".chat-message--user")).toHaveText(["Tu:Una conversazione da ritrovare"]);
  expect(errors).toEqual([]);
});
