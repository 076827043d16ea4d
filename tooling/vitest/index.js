// Shared Vitest settings: tests read workspace packages from source through the
// `@oystar/source` export condition, so no build is needed before testing.
import { fileURLToPath } from "node:url";
import "./node20-polyfills.js";

const setupDom = fileURLToPath(new URL("./setup-dom.js", import.meta.url));
const node20Polyfills = fileURLToPath(new URL("./node20-polyfills.js", import.meta.url));

/**
 * @param {{ environment?: "node" | "happy-dom" }} [options]
 * @returns {import("vitest/config").ViteUserConfig}
 */
export function vitestConfig({ environment = "node" } = {}) {
  return {
    resolve: { conditions: ["@oystar/source"] },
    ssr: { resolve: { conditions: ["@oystar/source"] } },
    test: {
      environment,
      include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
      // The polyfills also in the test workers, where the code under test runs.
      setupFiles: environment === "happy-dom" ? [node20Polyfills, setupDom] : [node20Polyfills],
      restoreMocks: true,
      unstubGlobals: true,
      // Limits on waiting, never measures of speed (those are benchmarks): a component test that
      // renders, types and waits can take seconds on a busy two-core machine.
      testTimeout: 30_000,
    },
  };
}
