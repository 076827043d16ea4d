import { vitestConfig } from "@oystar/vitest-config";
import { chromiumArgs, chromiumExecutablePath } from "@oystar/vitest-config/chromium";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig, mergeConfig } from "vitest/config";

const shared = vitestConfig({ environment: "happy-dom" });

// Unit tests run in happy-dom; the safety of rendered answers (*.browser.test.tsx) is proven in
// a real Chromium, where a script would really run and an image would really be requested.
export default defineConfig({
  ...shared,
  test: {
    projects: [
      mergeConfig(shared, { test: { name: "unit", exclude: ["**/*.browser.test.tsx", "**/node_modules/**"] } }),
      {
        ...shared,
        // Pre-bundled up front: discovered mid-run, they would make Vite reload the page.
        optimizeDeps: { include: ["react", "react-dom", "react-dom/client", "react-markdown", "remark-gfm"] },
        test: {
          name: "browser",
          include: ["src/**/*.browser.test.tsx"],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArgs } }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});
