#!/usr/bin/env node
// `pnpm bench <name>`: runs bench/<name>.mjs against the built product (DESIGN.md §11).
import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const available = readdirSync(here)
  .filter((file) => file.endsWith(".mjs") && file !== "run.mjs")
  .map((file) => file.replace(/\.mjs$/, ""));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`Uso: pnpm bench <${available.join("|")}>`);
  process.exit(2);
}
await import(pathToFileURL(`${here}${name}.mjs`).href);
