import { startTestServer } from "../test/fixtures";
let t = performance.now();
const s = await startTestServer();
console.log("start ms", (performance.now() - t).toFixed(0));
await s.close();
