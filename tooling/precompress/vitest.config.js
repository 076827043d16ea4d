import { vitestConfig } from "@oystar/vitest-config";
import { defineConfig } from "vitest/config";

export default defineConfig({ ...vitestConfig(), test: { ...vitestConfig().test, include: ["src/**/*.test.js"] } });
