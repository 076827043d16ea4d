import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";

test("the landing page loads with no console errors", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/oystar");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Privacy Policy");
  expect(errors).toEqual([]);
});

test("the root shows the landing to a visitor", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("/chat is served by the assistant app", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/chat");
  await expect(page.getByRole("banner")).toContainText("AI built for privacy");
  await expect(page.getByRole("link", { name: "OYSTAR AI" })).toHaveAttribute("aria-current", "page");
  // The assistant bundle lives under /assistant/, the marketing one under /assets/.
  const scripts = await page.locator("script[type=module]").evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute("src")),
  );
  expect(scripts.some((src) => src?.startsWith("/assistant/"))).toBe(true);
  // The status badge reflects the real health check of the API.
  await expect(page.getByRole("status").filter({ hasText: "Online" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the legacy /pigna lands on /oystar", async ({ page }) => {
  await page.goto("/pigna");
  await expect(page).toHaveURL(/\/oystar$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the legacy /pigna-ai lands on /oystar-ai", async ({ page }) => {
  await page.goto("/pigna-ai");
  await expect(page).toHaveURL(/\/oystar-ai$/);
});

test("module navigation moves between the assistant modules", async ({ page }) => {
  await page.goto("/chat");
  await page.getByRole("link", { name: "OYSTAR Debate" }).click();
  await expect(page).toHaveURL(/\/debate$/);
  await expect(page.getByRole("link", { name: "OYSTAR Debate" })).toHaveAttribute("aria-current", "page");
});

test("/api/health answers", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.status).toBe("ok");
  expect(typeof body.version).toBe("string");
});

test("app pages carry a strict Content-Security-Policy", async ({ request }) => {
  for (const path of ["/oystar", "/chat"]) {
    const response = await request.get(path);
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split(";").find((part) => part.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  }
});
