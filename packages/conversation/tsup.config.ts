import { packageBuild } from "@oystar/tsup-config";
import { defineConfig } from "tsup";

const build = packageBuild();

// A third entry: the fake world the three conversations' tests share (@oystar/conversation/testing).
export default defineConfig({ ...build, entry: { ...(build.entry as Record<string, string>), "testing/index": "src/testing/index.ts" } });
