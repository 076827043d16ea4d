import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// Served by apps/api on the one origin (DESIGN.md §2): the marketing app owns "/",
// the assistant's assets live under "/assistant/" so the two builds never collide.
export default defineConfig({
  base: "/",
  plugins: [react()],
  resolve: { conditions: ["@oystar/source", ...defaultClientConditions] },
  // Source maps are written for our own debugging, never linked from the bundles nor served
  // (the server refuses .map files): the source is not published with the product.
  build: { outDir: "dist", sourcemap: "hidden", assetsInlineLimit: 0 },
});
