import { packageBuild } from "@oystar/tsup-config";
import { defineConfig } from "tsup";

// The chat's React views come with the /chat screen; until then the package is its core only.
export default defineConfig({ ...packageBuild(), entry: { index: "src/index.ts" } });
