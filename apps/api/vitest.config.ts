import { vitestConfig } from "@oystar/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

// Each test file starts a real server on its own Postgres (PGlite): on a busy machine that can
// take longer than Vitest's 10 s default for a hook.
export default defineConfig(mergeConfig(vitestConfig({ environment: "node" }), { test: { hookTimeout: 60_000 } }));
