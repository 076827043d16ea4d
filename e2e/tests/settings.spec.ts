import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

test("the admin's default chat model applies to every user; 'Valori Ottimali' and Save put the defaults back", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const errors = collectConsoleErrors(adminPage);
  await signIn(adminPage, "admin@oystar.test");
  await adminPage.getByRole("banner").getByRole("button", { name: "Impostazioni globali" }).click();
  const panel = adminPage.getByRole("dialog", { name: "Impostazioni globali" });
  await panel.getByRole("combobox", { name: "Modello predefinito" }).selectOption("openai/gpt-oss-20b");
  await panel.getByRole("button", { name: "Salva" }).click();
  await expect(adminPage.getByText("Impostazioni salvate! Tutti gli utenti useranno queste configurazioni.")).toBeVisible();
  await expect(panel).toBeHidden();

  // Another user, on another browser, starts from the admin's model; they have no settings button.
  const proContext = await browser.newContext();
  const proPage = await proContext.newPage();
  const proSettingsRead = proPage.waitForRequest((request) => request.url().endsWith("/api/settings"));
  await signIn(proPage, "pro@oystar.test");
  const proAuthorization = (await (await proSettingsRead).allHeaders()).authorization ?? "";
  await expect(proPage.getByRole("banner").getByText("pro@oystar.test")).toBeVisible();
  await expect(proPage.getByRole("button", { name: "Impostazioni globali" })).toHaveCount(0);
  // Its questions name the admin's model (the offline server answers them all the same).
  await expect(proPage.getByRole("banner").getByText("Online")).toBeVisible();
  const question = proPage.waitForRequest((request) => request.url().endsWith("/groq/chat/completions"));
  await sendQuestion(proPage, "Ciao");
  expect((await question).postDataJSON()).toMatchObject({ model: "openai/gpt-oss-20b" });

  // The server, not the browser, refuses anyone else's save, whatever they send.
  const refused = await proPage.request.post("/api/settings", {
    headers: { Authorization: proAuthorization },
    data: {},
    failOnStatusCode: false,
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatch(/^ACCESSO NEGATO: solo l'amministratore può modificare le impostazioni globali/);

  await adminPage.getByRole("banner").getByRole("button", { name: "Impostazioni globali" }).click();
  await expect(panel.getByRole("combobox", { name: "Modello predefinito" })).toHaveValue("openai/gpt-oss-20b");
  await panel.getByRole("button", { name: "Valori Ottimali" }).click();
  await panel.getByRole("button", { name: "Sì, ripristina" }).click();
  await expect(panel.getByRole("combobox", { name: "Modello predefinito" })).toHaveValue("openai/gpt-oss-120b");
  await panel.getByRole("button", { name: "Salva" }).click();
  await expect(panel).toBeHidden();
  const saved = await proPage.request.get("/api/settings", { headers: { Authorization: proAuthorization } });
  expect((await saved.json()).data.pigna_ai_model).toBe("openai/gpt-oss-120b");
  expect(errors).toEqual([]);
  await Promise.all([adminContext.close(), proContext.close()]);
});
