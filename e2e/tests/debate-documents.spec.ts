import { expect, test, type Locator, type Page } from "@playwright/test";
import { subscriptionStatus } from "../support/api-token";
import { collectConsoleErrors } from "../support/console-errors";
import { openDebate } from "../support/debate";
import { HOSTILE_INDEX, HOSTILE_TOPIC } from "../support/hostile-documents";
import { expectInert, expectNoHandlers, watchHostilePage } from "../support/inert";

// issue 26 §2: debates argued from the customer's documents, with the offline model. Each turn
// reads passages from the chosen index and quotes them with [n]; the server verifies the quotes;
// each [n] opens the source viewer. Business and Enterprise only; retrieval costs no question.

const panel = (page: Page) => page.getByRole("region", { name: "Impostazioni del dibattito" });

/** Opens the controls: 6 turns, manual mode. */
async function openControls(page: Page) {
  const slider = panel(page).getByRole("slider", { name: "Durata del dibattito" });
  if (!(await slider.isVisible())) await panel(page).getByRole("button", { name: "Impostazioni" }).click();
  await slider.fill("6");
  const mode = panel(page).getByRole("switch", { name: "Modalità automatica" });
  if ((await mode.getAttribute("aria-checked")) === "true") await mode.click();
  await expect(mode).toHaveAttribute("aria-checked", "false");
}

/** 'Basati sui documenti' on the given index. */
async function argueFrom(page: Page, index: string) {
  await openControls(page);
  await panel(page).getByRole("switch", { name: "Basati sui documenti" }).click();
  await panel(page).getByRole("combobox", { name: "Indice dei documenti" }).selectOption(index);
  await expect(panel(page)).toContainText(`Documenti: ${index}`);
}

async function start(page: Page, a: string, b: string) {
  await page.getByRole("textbox", { name: "Tesi A (a favore)" }).fill(a);
  await page.getByRole("textbox", { name: "Tesi B (contro)" }).fill(b);
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
}

/** Finished interventions: they have their actions (copy, read aloud, share). */
const finishedTurns = (page: Page) =>
  page
    .getByRole("region", { name: "Interventi del dibattito" })
    .locator(".debate-turn")
    .filter({ has: page.getByRole("button", { name: "Copia" }) });
const quotesOf = (turn: Locator) => turn.getByRole("region", { name: "Citazioni dai documenti" }).locator("li[data-status]");

test("a Business debate on the demo index: each turn quotes its passages with [n], verified; [n] opens the source viewer; one debate, no question", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const authorization = await openDebate(page, "business@oystar.test");
  const before = await subscriptionStatus(page, authorization);
  await argueFrom(page, "gardenroute-demo");
  await start(page, "Le siepi di bosso vanno potate ogni anno", "Le siepi di bosso vanno lasciate crescere libere");

  await expect(finishedTurns(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Prossimo (B)" }).click();
  await expect(finishedTurns(page)).toHaveCount(2);
  let verified = 0;
  for (const turn of await finishedTurns(page).all()) {
    const quotes = quotesOf(turn);
    await expect(quotes.first()).toBeVisible();
    // The offline model quotes the passages word for word: every quote is found — 'Verificata' when
    // its passage is about the side's claim, 'Citazione non pertinente' otherwise (issue 52 §2).
    for (const quote of await quotes.all()) {
      const status = await quote.getAttribute("data-status");
      expect(["verified", "unsupported"]).toContain(status);
      await expect(quote).toContainText(status === "verified" ? "Verificata" : "Citazione non pertinente");
      if (status === "verified") verified += 1;
      await expect(quote.getByRole("button", { name: /^Apri il passaggio \[\d+\]: / })).toBeVisible();
    }
    await expect(turn.getByRole("link", { name: /^Fonte \d+$/ }).first()).toBeVisible();
  }
  expect(verified).toBeGreaterThan(0);

  // [n] of a quote opens its passage, highlighted, in the viewer; Escape gives the focus back.
  const first = finishedTurns(page).first();
  const opener = quotesOf(first)
    .first()
    .getByRole("button", { name: /^Apri il passaggio/ });
  await opener.click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.locator("mark").first()).toBeVisible();
  const quoted = (await quotesOf(first).first().locator("q").innerText()).trim();
  // (A list item's '- ' reads as a bullet in the viewer, issue 52 §7.)
  await expect(viewer).toContainText(quoted.replace(/^[-*+] /, "").slice(0, 40));
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();

  // [n] in the words opens it too.
  await first
    .getByRole("link", { name: /^Fonte \d+$/ })
    .first()
    .click();
  await expect(page.getByRole("dialog").locator("mark").first()).toBeVisible();
  await page.keyboard.press("Escape");

  // Retrieval is not a question: the debate is one debate.
  const after = await subscriptionStatus(page, authorization);
  expect(after.queries_used).toBe(before.queries_used);
  expect(after.debates_used).toBe(before.debates_used + 1);
  expect(errors).toEqual([]);
});

test("a Base user is not offered 'Basati sui documenti', and the server refuses it in Italian", async ({ page }) => {
  const authorization = await openDebate(page, "base@oystar.test");
  await openControls(page);
  await expect(panel(page).getByRole("switch", { name: "Modalità automatica" })).toBeVisible();
  await expect(panel(page).getByRole("switch", { name: "Basati sui documenti" })).toHaveCount(0);
  const started = await page.request.post("/api/debates/increment", { headers: { Authorization: authorization } });
  const { debate_id } = (await started.json()) as { debate_id: string };
  const refused = await page.request.post("/api/debates/calls", {
    headers: { Authorization: authorization },
    data: {
      debate_id,
      kind: "turn",
      mode: "debate",
      topic: "Treno contro aereo",
      options: { A: "Treno", B: "aereo" },
      models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
      length: 6,
      provider: "cloud",
      turn: 0,
      history: [],
      documents: { index: "gardenroute-demo" },
    },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: "I dibattiti basati sui documenti sono riservati ai piani Business o Enterprise." });
});

test("hostile documents argued from stay inert: their titles, excerpts and quoted words are text, nothing runs or loads", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const watch = watchHostilePage(page);
  await openDebate(page, "enterprise@oystar.test");
  const baseline = await page.evaluate(() => document.querySelectorAll("script").length);
  await argueFrom(page, HOSTILE_INDEX);
  await start(page, `Il ${HOSTILE_TOPIC} custodisce le prove`, `Il ${HOSTILE_TOPIC} non custodisce nulla`);
  await expect(finishedTurns(page)).toHaveCount(1);
  const turn = finishedTurns(page).first();
  await expect(quotesOf(turn).first()).toBeVisible();
  // The passages it read, hostile titles and excerpts, unfolded and shown as text.
  await turn.locator(".debate-evidence__passages > summary").click();
  await expect(turn.locator(".debate-evidence__passage").first()).toBeVisible();
  expect(await turn.locator(".debate-evidence__passages").innerText()).toMatch(/<script>|onerror=|javascript:/);
  // The words (the offline model names the hostile titles it quotes) and the evidence: text only.
  await expectInert(turn.locator(".debate-turn__text"));
  await expectInert(turn.getByRole("region", { name: "Citazioni dai documenti" }));
  await expectNoHandlers(turn);

  await quotesOf(turn)
    .first()
    .getByRole("button", { name: /^Apri il passaggio/ })
    .click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.locator("mark").first()).toBeVisible();
  await expectInert(viewer);
  await page.keyboard.press("Escape");

  expect(await page.evaluate(() => document.querySelectorAll("script").length)).toBe(baseline);
  expect(watch.dialogs).toEqual([]);
  expect(watch.outside).toEqual([]);
  expect(errors).toEqual([]);
});
