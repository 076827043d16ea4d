import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 35 §1: conversations kept on the device — in the browser's IndexedDB, per account,
// encrypted with the key the server keeps — survive a reload and a sign-out, are invisible to
// another account, and go with 'Esci e cancella da questo dispositivo'.

test.use({ reducedMotion: "reduce" });

async function ask(page: Page, question: string) {
  await sendQuestion(page, question);
  // The offline model's answer, complete.
  await expect(page.locator(".chat-message--assistant").last()).toContainText(/Primo carattere in \d+,\d{2} s/);
}

async function conversations(page: Page) {
  await page.getByRole("button", { name: "Conversazioni" }).click();
  return page.getByRole("dialog", { name: "Conversazioni" });
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Esci" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Esci" })).toHaveCount(0);
}

test("a chat survives a reload and a sign-out, is invisible to another account, and goes with 'Esci e cancella'", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "memoria@esempio.it");
  await ask(page, "Quando fiorisce il glicine a Villa Lante?");
  // Kept on the device as soon as it was asked: listed while the page is still open.
  let panel = await conversations(page);
  await expect(panel.getByRole("button", { name: "Apri «Quando fiorisce il glicine a Villa Lante?»" })).toBeVisible();
  await panel.getByRole("button", { name: "Chiudi" }).click();

  // A reload: a fresh chat, and the conversation in the list, opened where it stopped.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "OYSTAR AI" })).toBeVisible();
  panel = await conversations(page);
  await panel.getByRole("button", { name: "Apri «Quando fiorisce il glicine a Villa Lante?»" }).click();
  await expect(page.locator(".chat-message--user")).toHaveText(["Tu:Quando fiorisce il glicine a Villa Lante?"]);
  await ask(page, "E le rose?");
  await expect(page.locator(".chat-message--user")).toHaveText(["Tu:Quando fiorisce il glicine a Villa Lante?", "Tu:E le rose?"]);

  // What IndexedDB holds does not name a word of it.
  const stored = await page.evaluate(async () => {
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
    return {
      count: records.length,
      text: records
        .map((record) =>
          JSON.stringify(record, (_key, value: unknown) =>
            value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? new TextDecoder().decode(value as ArrayBuffer) : value,
          ),
        )
        .join("\n"),
    };
  });
  expect(stored.count).toBe(1);
  expect(stored.text).not.toMatch(/glicine|rose|Villa Lante|memoria/);

  // Signed out and in again: still there.
  await signOut(page);
  await signIn(page, "memoria@esempio.it");
  panel = await conversations(page);
  await expect(panel.getByRole("button", { name: "Apri «Quando fiorisce il glicine a Villa Lante?»" })).toBeVisible();
  await panel.getByRole("button", { name: "Chiudi" }).click();

  // Another account on the same browser sees nothing.
  await signOut(page);
  await signIn(page, "altra.persona@esempio.it");
  panel = await conversations(page);
  await expect(panel.getByText("Nessuna conversazione salvata su questo dispositivo.")).toBeVisible();
  await panel.getByRole("button", { name: "Chiudi" }).click();

  // 'Esci e cancella da questo dispositivo': the first account's conversations are gone.
  await signOut(page);
  await signIn(page, "memoria@esempio.it");
  panel = await conversations(page);
  await expect(panel.getByRole("button", { name: "Apri «Quando fiorisce il glicine a Villa Lante?»" })).toBeVisible();
  await panel.getByRole("button", { name: "Esci e cancella da questo dispositivo" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Esci" })).toHaveCount(0);
  await signIn(page, "memoria@esempio.it");
  panel = await conversations(page);
  await expect(panel.getByText("Nessuna conversazione salvata su questo dispositivo.")).toBeVisible();
  expect(errors).toEqual([]);
});
