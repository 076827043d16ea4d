import { packageBuild } from "@oystar/tsup-config";
import { defineConfig } from "tsup";

const build = packageBuild();

// More entries: the fake world the three conversations' tests share (@oystar/conversation/testing),
// and the conversations kept on the device (@oystar/conversation/history), loaded where used.
export default defineConfig({
  ...build,
  entry: { ...(build.entry as Record<string, string>), "testing/index": "src/testing/index.ts", "history/index": "src/history/index.ts" },
});
