// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { themeBootScript } from "@oystar/ui-kit";
import { build } from "vite";
import { afterAll, expect, test } from "vitest";

const app = fileURLToPath(new URL("..", import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), "oystar-marketing-build-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// Issue 15: `NODE_ENV=development pnpm start` shipped React's development build (2.5× larger,
// with its warnings). A build is what users get, whatever the shell says.
test("a build made with NODE_ENV=development ships React's production build", { timeout: 120_000 }, async () => {
  const shell = process.env.NODE_ENV;
  process.env.NODE_ENV = "development";
  try {
    await build({ root: app, configFile: join(app, "vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = shell;
  }
  const scripts = readdirSync(join(outDir, "assets")).filter((file) => file.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  const code = scripts.map((file) => readFileSync(join(outDir, "assets", file), "utf8")).join("\n");
  // React's development build warns about this; its production build has no such text.
  expect(code).toContain("createRoot");
  expect(code).not.toContain('Each child in a list should have a unique "key" prop');
});

// Issue 36 §7: the theme's boot script is in the built page's <head> word for word — the server's
// CSP allows it by the hash of ui-kit's text, so a changed byte would be refused by the browser.
test("the built page runs the theme's boot script in its head, as ui-kit wrote it", () => {
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const head = html.slice(0, html.indexOf("<body"));
  expect(head).toContain(`<script>${themeBootScript}</script>`);
});
