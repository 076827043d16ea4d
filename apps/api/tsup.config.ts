import { defineConfig } from "tsup";

// The server is one bundle: workspace packages are inlined from source (the
// `@oystar/source` condition), npm dependencies stay external in node_modules.
export default defineConfig({
  // The reading process (issue 33) is its own entry: the server forks it to read documents.
  entry: { main: "src/main.ts", "reading-worker": "src/rag/ingest/reading-worker.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  sourcemap: true,
  clean: true,
  noExternal: [/^@oystar\//],
  esbuildOptions(options) {
    options.conditions = ["@oystar/source", "import", "module", "default"];
  },
});
