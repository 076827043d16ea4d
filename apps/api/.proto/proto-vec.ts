import { openDatabase } from "../src/db/database";
const N = Number(process.argv[2] ?? 10000), D = Number(process.argv[3] ?? 256);
const db = await openDatabase({ dataDir: null });
await db.exec("CREATE EXTENSION vector; CREATE TABLE v (id bigint PRIMARY KEY, ix int, e vector)");
let seed = 1; const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) - 0.5;
const vec = () => { const a = Array.from({length: D}, rand); const n = Math.hypot(...a); return "[" + a.map(x => (x/n).toFixed(5)).join(",") + "]"; };
let t = performance.now();
for (let s = 0; s < N; s += 1000) {
  const vs = Array.from({length: 1000}, vec);
  await db.query("INSERT INTO v SELECT $1::int + o, 1, e::vector FROM unnest($2::text[]) WITH ORDINALITY u(e, o)", [s, vs]);
}
console.log("insert", (performance.now()-t).toFixed(0));
const q = Array.from({length: 20}, vec);
const time = async (label: string) => { const ts: number[] = []; for (const x of q) { const t0 = performance.now(); await db.query(`SELECT id FROM v WHERE ix = 1 ORDER BY e::vector(${D}) <=> $1::vector(${D}) LIMIT 45`, [x]); ts.push(performance.now()-t0); } ts.sort((a,b)=>a-b); console.log(label, ts[10]!.toFixed(1), ts[18]!.toFixed(1)); };
await time("exact");
t = performance.now();
await db.exec(`SET maintenance_work_mem = '512MB'; CREATE INDEX ON v USING hnsw ((e::vector(${D})) vector_cosine_ops); ANALYZE v;`);
console.log("hnsw build", (performance.now()-t).toFixed(0));
await db.exec("SET hnsw.ef_search = 100; SET hnsw.iterative_scan = relaxed_order");
await time("hnsw");
