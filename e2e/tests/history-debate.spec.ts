import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { subscriptionStatus } from "../support/api-token";
import { finishedTurns, openDebate, setUp, transcript, writeTheses } from "../support/debate";
import { pdfPages } from "../support/pdf-text";

// Issue 35 §1: a debate is kept on the device as it is played, like the chat's conversations — it
// survives a reload and opens again, whole, on the debate's screen: its turns, the judge's
// scorecard and the user's vote; a synthesis with its result, from the chat's list too. The
// offline model plays it.

test.use({ reducedMotion: "reduce" });

test("a debate played to its end survives a reload: opened from 'Conversazioni', its turns, scorecard and vote are back, and its PDF is offered", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await openDebate(page, "base@oystar.test");
  await setUp(page, { length: 6, auto: true });
  await writeTheses(page, "Le biblioteche di quartiere", "Le biblioteche digitali");
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
  await expect(page.getByRole("heading", { name: "Com'è andato il dibattito?" })).toBeVisible({ timeout: 90_000 });
  await expect(finishedTurns(page)).toHaveCount(6);
  const texts = await finishedTurns(page).locator(".debate-turn__text").allTextContents();
  const scorecard = page.getByRole("region", { name: "Valutazione del giudice" });
  await expect(scorecard).toContainText("Verdetto: Nessun vincitore");
  await page.getByRole("radio", { name: "Buono" }).check();
  await page.getByRole("group", { name: "Chi ti ha convinto di più?" }).getByRole("radio", { name: "Lato B" }).check();
  await page.getByRole("button", { name: "Invia feedback" }).click();
  await expect(page.getByText("Il tuo voto: Lato B")).toBeVisible();

  // A reload returns to it at its address (issue 50 §2), and it is in the list under its topic.
  await expect(page).toHaveURL(/\/debate\/\d+$/);
  await page.reload();
  await expect(finishedTurns(page)).toHaveCount(6);
  await expect(page.getByText("Il tuo voto: Lato B")).toBeVisible();
  // A new debate, then the kept one from the list.
  await page.getByRole("button", { name: "Nuovo Dibattito" }).click();
  await expect(page).toHaveURL(/\/debate$/);
  await expect(transcript(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Conversazioni" }).click();
  const panel = page.getByRole("dialog", { name: "Conversazioni" });
  const title = "Le biblioteche di quartiere contro le biblioteche digitali";
  const item = panel.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("Dibattito · ");

  // Its PDF, as 'SCARICA PDF' made it: every turn and the scorecard.
  const download = page.waitForEvent("download");
  await item.getByRole("button", { name: "Esporta (PDF)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^OYSTAR_Debate_Le_biblioteche_di_quartiere_vs_Le_biblioteche_digitali_\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = (await pdfPages(new Uint8Array(await readFile(await file.path())))).join(" ").replace(/\s+/g, " ");
  expect(pdf).toContain("Turno 6 · Lato B · Sintesi");
  expect(pdf).toContain("Verdetto: Nessun vincitore");

  await panel.getByRole("button", { name: `Apri «${title}»` }).click();
  await expect(panel).toHaveCount(0);
  await expect(finishedTurns(page)).toHaveCount(6);
  expect(await finishedTurns(page).locator(".debate-turn__text").allTextContents()).toEqual(texts);
  await expect(scorecard).toContainText("Verdetto: Nessun vincitore");
  await expect(page.getByText("Grazie per il tuo feedback!")).toBeVisible();
  await expect(page.getByText("Il tuo voto: Lato B")).toBeVisible();
  await expect(page.getByText("Dibattito concluso")).toBeVisible();
  expect(errors).toEqual([]);
});

test("a debate stopped mid-way is kept as it was played, and after a reload goes on from its next turn in the same debate", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  const authorization = await openDebate(page, "base@oystar.test");
  const before = await subscriptionStatus(page, authorization);
  await setUp(page, { length: 6, auto: false });
  await writeTheses(page, "Il mare", "La montagna");
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
  await page.getByRole("button", { name: "Prossimo (B)" }).click();
  await expect(page.getByRole("button", { name: "Prossimo (A)" })).toBeVisible();
  await expect(finishedTurns(page)).toHaveCount(2);
  await page.getByRole("button", { name: "STOP" }).click();
  // Issue 50 §7: the turns stay, and where it stopped is said.
  await expect(transcript(page)).toContainText("Dibattito interrotto al turno 2");
  await expect(finishedTurns(page)).toHaveCount(2);

  await page.reload();
  await page.getByRole("button", { name: "Conversazioni" }).click();
  await page.getByRole("dialog", { name: "Conversazioni" }).getByRole("button", { name: "Apri «Il mare contro la montagna»" }).click();
  await expect(finishedTurns(page)).toHaveCount(2);
  await expect(page.getByRole("group", { name: "Stato del dibattito" })).toContainText("Turno 2/6 · Prossimo: Lato A");
  // The server takes the third turn in the debate it began in: no new debate is counted.
  await page.getByRole("button", { name: "Prossimo (A)" }).click();
  await expect(page.getByRole("button", { name: "Prossimo (B)" })).toBeVisible();
  await expect(finishedTurns(page)).toHaveCount(3);
  await expect(finishedTurns(page).nth(2)).toContainText("Turno 3 di 6");
  expect((await subscriptionStatus(page, authorization)).debates_used).toBe(before.debates_used + 1);
  expect(errors).toEqual([]);
});

test("a synthesis survives a reload and opens from the chat's list on the debate's screen, with its result", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  await openDebate(page, "base@oystar.test");
  await setUp(page, { length: 6, auto: false });
  await writeTheses(page, "Il tram", "L'autobus");
  await page.getByRole("tab", { name: "SINTESI" }).click();
  await page.getByRole("button", { name: "Genera Sintesi" }).click();
  const result = page.getByRole("article", { name: "Sintesi del dibattito" });
  await expect(result).toBeVisible({ timeout: 60_000 });
  const conclusions = await result.innerText();

  // A reload returns to it at its address (issue 50 §2).
  await expect(page).toHaveURL(/\/debate\/\d+$/);
  await page.reload();
  await expect(result).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "OYSTAR AI" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "OYSTAR AI" })).toBeVisible();
  await page.getByRole("button", { name: "Conversazioni" }).click();
  const panel = page.getByRole("dialog", { name: "Conversazioni" });
  await panel.getByRole("button", { name: "Apri «Il tram contro l'autobus»" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "OYSTAR Debate" })).toBeVisible();
  await expect(result).toBeVisible();
  for (const heading of ["Introduzione", /^Sintesi 1: /, "Piano operativo", /^Sintesi 2: /, /^Sintesi 3: /, "Conclusioni"]) {
    await expect(result.getByRole("heading", { name: heading })).toBeVisible();
  }
  expect(await result.innerText()).toBe(conclusions);
  expect(errors).toEqual([]);
});
