import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// Served by apps/api on the one origin (DESIGN.md §2): the marketing app owns "/",
// the assistant's assets live under "/assistant/" so the two builds never collide.
export default defineConfig({
  base: "/assistant/",
  plugins: [react()],
  resolve: { conditions: ["@oystar/source", ...defaultClientConditions] },
  build: { outDir: "dist", sourcemap: true, assetsInlineLimit: 0 },
});
