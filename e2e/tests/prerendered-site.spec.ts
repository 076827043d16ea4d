import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";

// Issue 15: the site's pages arrive rendered, come to life without React redrawing them, and
// unknown addresses are real 404s.

test("the landing's content is in the first response, with its title and description", async ({ request }) => {
  const response = await request.get("/oystar");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<div id="root">.*<h1[^>]*>/s);
  expect(html).toContain("<title>OYSTAR — l&#x27;assistente AI privato</title>");
  expect(html).toMatch(/<meta name="description" content="OYSTAR è l&#x27;assistente AI privato in italiano[^"]+"\/>/);
  expect(html).not.toContain('name="robots"');
});

test("every page has its own title and description, and the plans are in the plans page's HTML", async ({ request }) => {
  const titles = new Set<string>();
  for (const path of [
    "/oystar-ai",
    "/subscription",
    "/enterprise-contact",
    "/contact",
    "/login",
    "/success",
    "/business-index-request",
    "/privacy",
    "/termini",
    "/cookie",
  ]) {
    const html = await (await request.get(path)).text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title ?? "");
    expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
  }
  expect(titles.size).toBe(10);
  const plans = await (await request.get("/subscription")).text();
  for (const name of ["Free", "Base", "Pro", "Business", "Enterprise"]) expect(plans).toContain(name);
  expect(plans).toContain("29,99");
});

test("the landing comes to life as it was drawn, without the sign-in code until an action needs it", async ({ page }) => {
  const problems = collectConsoleErrors(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/oystar");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Nobody asked who is signed in yet: the identity provider's SDK has not been downloaded.
  expect(scripts.filter((path) => path.includes("auth0"))).toEqual([]);
  await expect(page.locator("title")).toHaveCount(1);

  // A button (not a link): only React, once it has taken the page over, can answer it. A
  // visitor who is not signed in is sent to sign in first, coming back to the plans.
  await page.getByRole("button", { name: "Vedi i piani" }).click();
  await expect(page).toHaveURL(/\/idp\//);
  await page.getByRole("button", { name: "Accedi come pro@oystar.test" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole("heading", { name: "Piani e prezzi" })).toBeVisible();
  await expect(page).toHaveTitle("Piani — OYSTAR");
  expect(problems).toEqual([]);
});

test("an address the site does not have is a 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/non-esiste-davvero");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Pagina non trovata" })).toBeVisible();
  await page.getByRole("link", { name: "Torna alla home" }).click();
  await expect(page).toHaveURL(/\/oystar$/);
});

test("robots.txt and sitemap.xml are real", async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}/oystar</loc>`);
  // Issue 36 §8: the legal pages are public pages of the site.
  for (const path of ["/privacy", "/termini", "/cookie"]) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
  expect(sitemap).not.toContain("/login");
});

test("a start button pressed before the page has come to life still leads there, through sign-in", async ({ page }) => {
  let releaseScripts = () => {};
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await scriptsReleased;
    await route.continue().catch(() => {}); // the page it was for may have gone
  });
  await page.goto("/oystar", { waitUntil: "commit" });
  // On screen, prerendered, with no script run yet: the button still answers.
  await page.getByRole("button", { name: "Vedi i piani" }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fsubscription$/);

  releaseScripts();
  await page.getByRole("button", { name: "ACCEDI" }).click();
  await page.getByRole("button", { name: "Accedi come pro@oystar.test" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole("listitem", { name: "Pro" }).getByRole("button", { name: "Piano attuale" })).toBeDisabled();
});
