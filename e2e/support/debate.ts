import { expect, type Page } from "@playwright/test";
import { authorizationWhile } from "./api-token";
import { signIn } from "./sign-in";

/** Signs in and opens /debate; returns the Authorization the app sends. */
export async function openDebate(page: Page, email: string): Promise<string> {
  await signIn(page, email);
  const authorization = await authorizationWhile(page, () => page.goto("/debate"));
  await expect(page.getByRole("heading", { level: 1, name: "OYSTAR Debate" })).toBeVisible();
  return authorization;
}

/** The controls panel: length and Auto/Manual. */
export async function setUp(page: Page, { length, auto }: { length: number; auto: boolean }) {
  const panel = page.getByRole("region", { name: "Impostazioni del dibattito" });
  const slider = panel.getByRole("slider", { name: "Durata del dibattito" });
  if (!(await slider.isVisible())) await panel.getByRole("button", { name: "Impostazioni" }).click();
  await slider.fill(String(length));
  await expect(panel.getByText(`${length} turni`, { exact: true })).toBeVisible();
  const mode = panel.getByRole("switch", { name: "Modalità automatica" });
  if ((await mode.getAttribute("aria-checked")) !== String(auto)) await mode.click();
  await expect(mode).toHaveAttribute("aria-checked", String(auto));
}

export async function writeTheses(page: Page, a: string, b: string) {
  await page.getByRole("textbox", { name: "Tesi A (a favore)" }).fill(a);
  await page.getByRole("textbox", { name: "Tesi B (contro)" }).fill(b);
}

export const transcript = (page: Page) => page.getByRole("region", { name: "Interventi del dibattito" });
/** Finished interventions: they have their actions (copy, read aloud, share). */
export const finishedTurns = (page: Page) =>
  transcript(page)
    .locator(".debate-turn")
    .filter({ has: page.getByRole("button", { name: "Copia" }) });
