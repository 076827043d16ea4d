import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 35 §5: a RAG conversation is kept on the device like the chat's — it survives a reload,
// opens again with its sources, and is listed in the chat's 'Conversazioni' too, from where it
// opens in the RAG's screen.

test.use({ reducedMotion: "reduce" });

const QUESTION = "Quando fioriscono le camelie e dove si possono vedere?";

test("a RAG conversation survives a reload with its sources, and opens in the RAG from the chat's list", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "business@oystar.test");
  await page.goto("/rag");
  await sendQuestion(page, QUESTION);
  await expect(page.locator(".chat-message--assistant").last().getByRole("region", { name: "Fonti utilizzate" })).toBeVisible();
  const answer =
    (await page.locator(".chat-message--assistant").last().getByRole("region", { name: "Fonti utilizzate" }).textContent()) ?? "";

  // A reload: a fresh RAG, and the conversation in the list, opened with its sources.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "OYSTAR RAG" })).toBeVisible();
  await page.getByRole("button", { name: "Conversazioni" }).click();
  let panel = page.getByRole("dialog", { name: "Conversazioni" });
  await expect(panel.getByRole("listitem").filter({ hasText: QUESTION })).toContainText("RAG · ");
  await panel.getByRole("button", { name: `Apri «${QUESTION}»` }).click();
  await expect(page.locator(".chat-message--assistant").last().getByRole("region", { name: "Fonti utilizzate" })).toHaveText(answer);

  // From the chat's list it opens in the RAG's screen.
  await page.getByRole("banner").getByRole("link", { name: "OYSTAR AI" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "OYSTAR AI" })).toBeVisible();
  await page.getByRole("button", { name: "Conversazioni" }).click();
  panel = page.getByRole("dialog", { name: "Conversazioni" });
  await panel.getByRole("button", { name: `Apri «${QUESTION}»` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "OYSTAR RAG" })).toBeVisible();
  await expect(page.locator(".chat-message--assistant").last().getByRole("region", { name: "Fonti utilizzate" })).toHaveText(answer);
  expect(errors).toEqual([]);
});
