import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { sendQuestion } from "../support/composer";
import { signIn } from "../support/sign-in";

// Issue 36 §5: no page scrolls sideways on a phone. Every route of the site and of the assistant
// (signed in as a user, and as the admin with the global settings open) at 390 px: neither the
// page nor any of its large scrolling areas is wider than the screen.

const phone = { width: 390, height: 844 };
const sourceOf = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

/** The site's routes, read from its route table (apps/marketing/src/routes.tsx). */
function siteRoutes(): string[] {
  const paths = [...sourceOf("../../apps/marketing/src/routes.tsx").matchAll(/path="([^"]+)"/g)].map((match) => match[1] as string);
  // '*' is the page for an address that does not exist.
  return paths.map((path) => (path === "*" ? "/pagina-che-non-esiste" : path));
}

/** The assistant's routes: its modules (packages/api-client's ASSISTANT_PATHS) and its page for an unknown address. */
function assistantRoutes(): string[] {
  const table = sourceOf("../../packages/api-client/src/assistant-paths.ts").match(/ASSISTANT_PATHS = \{([^}]+)\}/)?.[1] ?? "";
  const modules = [...table.matchAll(/"(\/[^"]+)"/g)].map((match) => match[1] as string);
  return [...modules, `${modules[0]}/pagina-che-non-esiste`];
}

test("the route tables are read", () => {
  expect(siteRoutes()).toEqual(expect.arrayContaining(["/oystar", "/subscription", "/success", "/login", "/business-index-request"]));
  expect(siteRoutes()).toEqual(expect.arrayContaining(["/privacy", "/termini", "/cookie"]));
  expect(assistantRoutes()).toEqual(["/chat", "/debate", "/rag", "/account", "/rag/documenti", "/chat/pagina-che-non-esiste"]);
});

/**
 * What is wider than its box: the page itself, and every large area that scrolls (a chat's
 * messages, a drawer), each named so a failure says where.
 */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (element: Element) =>
      element === document.documentElement ? "la pagina" : `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`;
    const root = document.documentElement;
    const wide: string[] = [];
    if (root.scrollWidth > root.clientWidth) wide.push(`${name(root)} ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of document.querySelectorAll("body *")) {
      const style = getComputedStyle(element);
      const scrolls = ["auto", "scroll"].includes(style.overflowY) && element.clientHeight >= 200;
      if (scrolls && element.scrollWidth > element.clientWidth)
        wide.push(`${name(element)} ${element.scrollWidth} > ${element.clientWidth}`);
    }
    return wide;
  });
}

/** The page has drawn what it shows: its main heading or the welcome screen's button. */
async function waitForPage(page: Page) {
  await expect(page.getByText("Caricamento...")).toHaveCount(0);
  await expect(
    page
      .getByRole("heading", { level: 1 })
      .or(page.getByRole("button", { name: "ACCEDI" }))
      .first(),
  ).toBeVisible();
}

test("every page of the site fits a phone, signed out", async ({ page }) => {
  await page.setViewportSize(phone);
  for (const path of siteRoutes()) {
    // Pages for signed-in users send a visitor on to sign in: what shows is measured.
    await page.goto(path);
    await waitForPage(page);
    expect(await sidewaysScrollers(page), `${path} → ${page.url()}`).toEqual([]);
  }
});

test("every page of the site and of the assistant fits a phone, signed in", async ({ page }) => {
  await page.setViewportSize(phone);
  await signIn(page, "business@oystar.test");
  for (const path of [...siteRoutes().filter((path) => path !== "/login"), ...assistantRoutes()]) {
    await page.goto(path);
    await waitForPage(page);
    expect(await sidewaysScrollers(page), path).toEqual([]);
  }
});

test("the assistant fits a phone for the admin, with the global settings open", async ({ page }) => {
  await page.setViewportSize(phone);
  await signIn(page, "admin@oystar.test");
  for (const path of assistantRoutes()) {
    await page.goto(path);
    await waitForPage(page);
    expect(await sidewaysScrollers(page), path).toEqual([]);
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "Menu" }).click();
    await banner.getByRole("button", { name: "Impostazioni globali" }).click();
    const panel = page.getByRole("dialog", { name: "Impostazioni globali" });
    await expect(panel.getByRole("button", { name: "Salva", exact: true })).toBeVisible();
    expect(await sidewaysScrollers(page), `${path} con le impostazioni globali`).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  }
});

/** The element's box, for comparing where things are on the screen. */
async function boxOf(locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on the page");
  return box;
}

/** The debate's bar on one row: its state and its buttons side by side, and short (three rows took a fifth of the screen). */
async function expectBarOnOneRow(page: Page) {
  const bar = page.locator(".debate-bar");
  const state = await boxOf(bar.locator(".debate-bar__state"));
  const actions = await boxOf(bar.locator(".debate-bar__actions"));
  expect(actions.x).toBeGreaterThanOrEqual(state.x + state.width - 1);
  expect(actions.y).toBeLessThan(state.y + state.height);
  expect((await boxOf(bar)).height).toBeLessThanOrEqual(72);
  // Nothing in it is cut.
  const cut = await bar.evaluate((element) =>
    [...element.querySelectorAll("*")].filter((item) => item.scrollWidth > item.clientWidth + 1).map((item) => item.textContent),
  );
  expect(cut).toEqual([]);
  expect(await sidewaysScrollers(page)).toEqual([]);
}

test("the debate's bar is one row on a phone, during a debate and once it is over", async ({ page }) => {
  await page.setViewportSize(phone);
  await signIn(page, "business@oystar.test");
  await page.goto("/debate");
  const settings = page.getByRole("region", { name: "Impostazioni del dibattito" });
  const slider = settings.getByRole("slider", { name: "Durata del dibattito" });
  if (!(await slider.isVisible())) await settings.getByRole("button", { name: "Impostazioni" }).click();
  await slider.fill("6");
  // Manual mode: the most buttons (STOP, 'Prossimo', 'SCARICA PDF').
  const mode = settings.getByRole("switch", { name: "Modalità automatica" });
  if ((await mode.getAttribute("aria-checked")) === "true") await mode.click();
  await expect(mode).toHaveAttribute("aria-checked", "false");
  await page.getByRole("textbox", { name: "Tesi A (a favore)" }).fill("Il treno");
  await page.getByRole("textbox", { name: "Tesi B (contro)" }).fill("L'aereo");
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
  await expect(page.getByRole("button", { name: "Prossimo (B)" })).toBeVisible();
  await expectBarOnOneRow(page);

  // Played to its end, turn by turn: the bar then offers another debate.
  const another = page.getByRole("button", { name: "FAI UN ALTRO DIBATTITO" });
  const next = page.getByRole("button", { name: /^Prossimo \([AB]\)$/ });
  for (let turn = 0; turn < 12 && !(await another.isVisible()); turn++) {
    await expect(next.or(another)).toBeVisible();
    if (await next.isVisible()) await next.click();
  }
  await expect(another).toBeVisible();
  await expectBarOnOneRow(page);
});

test("the chat's latest notice shows above the message box on a phone, whole", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize(phone);
  await signIn(page, "pro@oystar.test");
  const input = page.getByRole("textbox", { name: "Messaggio" });
  // A conversation longer than the screen.
  for (const question of ["Ciao!", "Che cosa sai fare?", "E in italiano?"]) {
    await sendQuestion(page, question);
    await expect(page.locator(".chat-message--assistant").last().getByRole("button", { name: "Copia" })).toBeVisible();
  }
  // The offline model's notice says all it says: its text is not cut.
  const summary = page.locator(".oy-notice--compact .oy-notice__text");
  expect(await summary.evaluate((text) => text.scrollWidth <= text.clientWidth)).toBe(true);

  // The first answer copied, far above: the notice shows, whole, between the answers and the box.
  const first = page.locator(".chat-message--assistant").first();
  await first.scrollIntoViewIfNeeded();
  await first.getByRole("button", { name: "Copia" }).click();
  const notice = page.getByRole("status").filter({ hasText: "Risposta copiata negli appunti." });
  await expect(notice).toBeInViewport({ ratio: 1 });
  await expect(input).toBeInViewport({ ratio: 1 });
  const noticeBox = await boxOf(notice);
  expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual((await boxOf(page.locator(".chat-composer"))).y);
  expect(await sidewaysScrollers(page)).toEqual([]);
});
