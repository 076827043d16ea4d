import { vitestConfig } from "@oystar/vitest-config";
import { defineConfig } from "vitest/config";

export default defineConfig(vitestConfig({ environment: "happy-dom" }));
