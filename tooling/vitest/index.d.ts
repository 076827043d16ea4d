import type { ViteUserConfig } from "vitest/config";

export function vitestConfig(options?: { environment?: "node" | "happy-dom" }): ViteUserConfig;
