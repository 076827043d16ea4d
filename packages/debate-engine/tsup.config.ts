import { packageBuild } from "@oystar/tsup-config";
import { defineConfig } from "tsup";

const build = packageBuild();

// One more entry: the protocol the server imports (@oystar/debate-engine/protocol), apart from the machine.
export default defineConfig({
  ...build,
  entry: { ...(build.entry as Record<string, string>), "protocol/index": "src/protocol/index.ts" },
});
