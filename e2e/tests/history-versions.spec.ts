import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 50 §4: any answer regenerated, the last question edited; the earlier versions kept
// ('2 di 3' with arrows), stored with the conversation, and each one charged as any question.

test.use({ reducedMotion: "reduce" });

const answered = (page: Page, count: number) =>
  expect(page.locator(".chat-message--assistant").filter({ hasText: /Primo carattere in \d+,\d{2} s/ })).toHaveCount(count);

test("regenerate an answer, edit the last question, switch between versions; they survive a reload and each counts", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "versioni@esempio.it");
  const banner = page.getByRole("banner");
  await sendQuestion(page, "Quando fiorisce il glicine?");
  await answered(page, 1);
  await expect(banner.getByLabel("Domande: 1/50")).toBeVisible();

  // 'Rigenera': a second answer, the first kept as '1 di 2'.
  await page.locator(".chat-message--assistant").getByRole("button", { name: "Rigenera" }).click();
  const answerVersions = page.locator(".chat-message--assistant").getByRole("group", { name: "Versioni" });
  await expect(answerVersions).toContainText("2 di 2");
  await answered(page, 1);
  await answerVersions.getByRole("button", { name: "Versione precedente" }).click();
  await expect(answerVersions).toContainText("1 di 2");
  await answerVersions.getByRole("button", { name: "Versione successiva" }).click();
  await expect(answerVersions).toContainText("2 di 2");

  // 'Modifica' on the question: asked again in its new words, the first version kept.
  await page.locator(".chat-message--user").getByRole("button", { name: "Modifica" }).click();
  const box = page.getByRole("textbox", { name: "Modifica la domanda" });
  await expect(box).toHaveValue("Quando fiorisce il glicine?");
  await box.fill("Quando fioriscono le rose?");
  await page.getByRole("button", { name: "Invia di nuovo" }).click();
  await expect(page.locator(".chat-message--user")).toHaveText([/Quando fioriscono le rose\?/]);
  await answered(page, 1);
  const questionVersions = page.locator(".chat-message--user").getByRole("group", { name: "Versioni" });
  await expect(questionVersions).toContainText("2 di 2");
  // Three questions asked, three counted.
  await expect(banner.getByLabel("Domande: 3/50")).toBeVisible();

  // Kept with the conversation: after a reload, the versions are there to switch.
  await page.reload();
  await expect(page.locator(".chat-message--user")).toHaveText([/Quando fioriscono le rose\?/]);
  await questionVersions.getByRole("button", { name: "Versione precedente" }).click();
  await expect(page.locator(".chat-message--user")).toHaveText([/Quando fiorisce il glicine\?/]);
  await expect(answerVersions).toContainText("2 di 2");
  expect(errors).toEqual([]);
});
