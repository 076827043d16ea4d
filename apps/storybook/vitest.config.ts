import "@oystar/vitest-config/node20-polyfills";
import { chromiumArgs, chromiumExecutablePath } from "@oystar/vitest-config/chromium";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const configDir = fileURLToPath(new URL("./.storybook", import.meta.url));

// Every story of every package runs as a test in Chromium, with the axe checks of the a11y addon,
// once in each theme (issue 36 §7): '.storybook/preview.ts' starts in the theme STORY_THEME names.
export default defineConfig({
  plugins: [storybookTest({ configDir })],
  test: {
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArgs } }),
      instances: [{ browser: "chromium" }],
    },
    projects: [
      { extends: true, test: { name: "storybook" } },
      { extends: true, test: { name: "storybook-scuro" }, define: { "import.meta.env.STORY_THEME": JSON.stringify("dark") } },
    ],
  },
});
