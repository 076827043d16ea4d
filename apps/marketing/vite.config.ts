import { themeBootScript } from "@oystar/ui-kit";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defaultServerConditions, defineConfig } from "vite";

// Issue 36 §7: the theme the user chose is on the page before its first paint (no flash of light):
// ui-kit's boot script, inline in <head>, allowed by its hash in the server's CSP.
const themeBeforeFirstPaint = {
  name: "oystar-theme-before-first-paint",
  transformIndexHtml: () => [{ tag: "script", children: themeBootScript, injectTo: "head" as const }],
};

// Served by apps/api on the one origin (DESIGN.md §2): the marketing app owns "/",
// the assistant's assets live under "/assistant/" so the two builds never collide.
export default defineConfig(({ command }) => ({
  base: "/",
  plugins: [react(), themeBeforeFirstPaint],
  resolve: { conditions: ["@oystar/source", ...defaultClientConditions] },
  // The prerender build (scripts/prerender.mjs) reads the workspace packages from source too.
  ssr: { resolve: { conditions: ["@oystar/source", ...defaultServerConditions], externalConditions: ["@oystar/source"] } },
  // Source maps are written for our own debugging, never linked from the bundles nor served
  // (the server refuses .map files): the source is not published with the product.
  build: { outDir: "dist", sourcemap: "hidden", assetsInlineLimit: 0 },
  // A build is what users get: React's production build even when the shell says
  // NODE_ENV=development (`NODE_ENV=development pnpm start` shipped the 2.5× larger dev build).
  define: command === "build" ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
}));
