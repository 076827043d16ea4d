import { vitestConfig } from "@oystar/vitest-config";
import { defineConfig } from "vitest/config";

// The shared settings, with this package's tests, which are plain JavaScript.
const shared = vitestConfig();
export default defineConfig({ ...shared, test: { ...shared.test, include: ["src/**/*.test.js"] } });
