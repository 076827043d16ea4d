import "@oystar/vitest-config/node20-polyfills";
import { chromiumArgs, chromiumExecutablePath } from "@oystar/vitest-config/chromium";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const configDir = fileURLToPath(new URL("./.storybook", import.meta.url));

// Every story of every package runs as a test in Chromium, with the axe checks of the a11y addon.
export default defineConfig({
  plugins: [storybookTest({ configDir })],
  test: {
    name: "storybook",
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArgs } }),
      instances: [{ browser: "chromium" }],
    },
  },
});
