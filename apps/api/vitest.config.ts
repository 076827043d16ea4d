import { vitestConfig } from "@oystar/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

// Each test file starts a real server on its own in-memory Postgres (PGlite, ~5 s alone, far
// more on a shared, loaded machine): generous limits, never timed assertions.
export default defineConfig(
  mergeConfig(vitestConfig({ environment: "node" }), {
    // The lab's tests (lab/rag-cli: `pnpm rag` and the benchmarks) run with the server's.
    test: {
      include: ["lab/**/*.test.ts"],
      hookTimeout: 120_000,
      testTimeout: 60_000,
      setupFiles: ["./test-support/temporary-folders-setup.ts"],
    },
  }),
);
