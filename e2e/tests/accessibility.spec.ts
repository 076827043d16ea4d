import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support/sign-in";

// Issue 28 §9: every screen checked with axe in a real browser — no serious or critical
// violation — and the three conversations done with the keyboard alone.

test.use({ reducedMotion: "reduce" });

/** axe on what is on screen now: the serious and critical violations, named with where they are. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
}

async function expectAccessible(page: Page, screen: string) {
  expect(await violations(page), screen).toEqual([]);
}

test("the public site: landing, product page, plans, forms, sign-in, a missing page", async ({ page }) => {
  for (const [path, heading] of [
    ["/oystar", /OYSTAR/],
    ["/oystar-ai", /OYSTAR/],
    ["/subscription", /piani|Piani|Scegli/],
    ["/contact", /Contatt|Supporto/],
    ["/enterprise-contact", /Enterprise/],
    ["/login", /Accedi|ACCEDI|OYSTAR/],
    ["/una-pagina-che-non-esiste", /404|non trovata|Pagina/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();
    await expectAccessible(page, path);
  }
});

test("the assistant's screens: chat with an answer, the plans' upsells, the admin's settings", async ({ page }) => {
  await signIn(page, "admin@oystar.test");
  await page.getByRole("textbox", { name: "Messaggio" }).fill("Ciao, chi sei?");
  await page.getByRole("textbox", { name: "Messaggio" }).press("Enter");
  await expect(page.locator(".chat-message--assistant").last()).toContainText("oystar-offline");
  await expectAccessible(page, "/chat con una risposta");

  await page.getByRole("banner").getByRole("button", { name: "Impostazioni globali" }).click();
  await expect(page.getByRole("dialog", { name: "Impostazioni globali" })).toBeVisible();
  await expectAccessible(page, "impostazioni globali");
});

test("the upsells a free account sees on /debate and /rag, and the index request form", async ({ page }) => {
  await signIn(page, "accessibile-gratis@esempio.it");
  await page.goto("/debate");
  await expect(page.getByRole("link", { name: "Passa a Base" })).toBeVisible();
  await expectAccessible(page, "/debate, piano Free");
  await page.goto("/rag");
  await expect(page.getByRole("link", { name: /Business|piani|Passa/ }).first()).toBeVisible();
  await expectAccessible(page, "/rag, piano Free");
  await page.goto("/business-index-request");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectAccessible(page, "/business-index-request");
});

test("a debate to its judge's scorecard and feedback form", async ({ page }) => {
  await signIn(page, "base@oystar.test");
  await page.goto("/debate");
  await expectAccessible(page, "/debate, inizio");
  const panel = page.getByRole("region", { name: "Impostazioni del dibattito" });
  const slider = panel.getByRole("slider", { name: "Durata del dibattito" });
  if (!(await slider.isVisible())) await panel.getByRole("button", { name: "Impostazioni" }).click();
  await slider.fill("6");
  await page.getByRole("textbox", { name: "Tesi A (a favore)" }).fill("Il treno");
  await page.getByRole("textbox", { name: "Tesi B (contro)" }).fill("L'aereo");
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
  const scorecard = page.getByRole("region", { name: "Valutazione del giudice" });
  // Manual or automatic, the debate is played to its end: 'Prossimo' whenever it is offered.
  const next = page.getByRole("button", { name: /^Prossimo/ });
  for (;;) {
    await expect(next.or(scorecard).first()).toBeVisible({ timeout: 60_000 });
    if (await scorecard.isVisible()) break;
    await next.click();
  }
  await expect(scorecard).toContainText(/Verdetto/);
  await expect(page.getByRole("button", { name: "Invia feedback" })).toBeVisible();
  await expectAccessible(page, "/debate con la valutazione del giudice");
});

test("RAG with an answer and its sources", async ({ page }) => {
  await signIn(page, "business@oystar.test");
  await page.goto("/rag");
  await expectAccessible(page, "/rag, inizio");
  await page.getByRole("textbox", { name: "Messaggio" }).fill("Quando fioriscono le camelie e dove si possono vedere?");
  await page.getByRole("textbox", { name: "Messaggio" }).press("Enter");
  await expect(page.getByRole("region", { name: "Fonti utilizzate" }).last()).toBeVisible();
  await expectAccessible(page, "/rag con una risposta");
});

/** Presses Tab until `target` has the focus (a keyboard user's way there); fails if it never does. */
async function tabTo(page: Page, target: ReturnType<Page["getByRole"]>) {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("non raggiungibile con la tastiera");
}

test("with the keyboard alone: a chat question, a RAG question, a debate", async ({ page }) => {
  await signIn(page, "business@oystar.test");
  const message = page.getByRole("textbox", { name: "Messaggio" });
  await tabTo(page, message);
  await page.keyboard.type("Ciao dalla tastiera");
  await page.keyboard.press("Enter");
  await expect(page.locator(".chat-message--assistant").last()).toContainText("oystar-offline");

  await page.goto("/rag");
  await tabTo(page, message);
  await page.keyboard.type("Quando fioriscono le camelie?");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Fonti utilizzate" }).last()).toBeVisible();

  await page.goto("/debate");
  await tabTo(page, page.getByRole("textbox", { name: "Tesi A (a favore)" }));
  await page.keyboard.type("Il mare");
  await tabTo(page, page.getByRole("textbox", { name: "Tesi B (contro)" }));
  await page.keyboard.type("La montagna");
  await tabTo(page, page.getByRole("button", { name: "Avvia Dibattito" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Interventi del dibattito" })).toContainText("Il mare");
});
