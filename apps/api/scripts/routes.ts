// `pnpm --filter @oystar/api routes`: writes the route → policy table into README.md from the app
// itself (route-policy.test.ts fails when the README is behind).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { inspectedRoutes } from "../test-support/inspected-app";
import { withRouteTable } from "../src/route-table";

const readmePath = fileURLToPath(new URL("../README.md", import.meta.url));
const rows = await inspectedRoutes();
writeFileSync(readmePath, withRouteTable(readFileSync(readmePath, "utf8"), rows));
console.info(`README.md: ${rows.length} routes`);
