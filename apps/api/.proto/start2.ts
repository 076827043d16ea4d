import { openDatabase } from "../src/db/database";
import { migrate } from "../src/db/migrate";
let t = performance.now();
const db = await openDatabase({ dataDir: null });
console.log("open", (performance.now() - t).toFixed(0)); t = performance.now();
await migrate(db);
console.log("migrate", (performance.now() - t).toFixed(0)); t = performance.now();
