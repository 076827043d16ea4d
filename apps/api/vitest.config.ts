import { vitestConfig } from "@oystar/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

// Each test file starts a real server on its own in-memory Postgres (PGlite, ~5 s alone, far
// more on a shared, loaded machine): generous limits, never timed assertions.
export default defineConfig(
  mergeConfig(vitestConfig({ environment: "node" }), {
    test: { hookTimeout: 120_000, testTimeout: 60_000, setupFiles: ["./test-support/temporary-folders-setup.ts"] },
  }),
);
