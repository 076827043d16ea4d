import { openDatabase } from "../src/db/database";
import { migrate } from "../src/db/migrate";

const N = Number(process.argv[2] ?? 10000);
const db = await openDatabase({ dataDir: null });
await migrate(db);
// deterministic pseudo-random
let seed = 42; const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const syll = ["ca","to","ri","la","mo","ne","sa","pi","gu","de","ver","gia","rdi","no","fon","ta","lo","bel","vi","sta","pe","ro","ma","li","cor","te","mu","se","ra","zio"];
const vocab: string[] = [];
for (let i = 0; i < 50000; i++) { let w = ""; let k = i; do { w += syll[k % syll.length]; k = Math.floor(k / syll.length); } while (k > 0); vocab.push(w + "r" + ["o","a","e"][i%3]); }
// Zipf s=1 via inverse CDF approx on harmonic numbers
const H = Math.log(vocab.length) + 0.5772;
const zipf = () => { const u = rand() * H; return vocab[Math.min(vocab.length-1, Math.floor(Math.exp(u - 0.5772)))]!; };
const sentence = () => Array.from({length: 8 + Math.floor(rand()*10)}, zipf).join(" ") + ".";
await db.query("INSERT INTO rag_indexes (name, label) VALUES ('bench', 'b')");
await db.query("INSERT INTO rag_documents (index_id, filename, title, bytes, content_hash) VALUES (1,'f','t',1,'h')");
let t = performance.now();
const batch = 500;
for (let start = 0; start < N; start += batch) {
  const texts: string[] = [];
  for (let i = 0; i < batch && start + i < N; i++) texts.push(Array.from({length: 8}, sentence).join(" "));
  await db.query(`INSERT INTO rag_chunks (document_id, index_id, ordinal, text, tsv, lexeme_count)
    SELECT 1, 1, $1::int + o::int - 1, t, v, (SELECT coalesce(sum(array_length(positions,1)),0) FROM unnest(v))
    FROM (SELECT t, o, to_tsvector('italian', t) v FROM unnest($2::text[]) WITH ORDINALITY AS u(t, o)) x`, [start, texts]);
}
console.log("insert", N, (performance.now()-t).toFixed(0), "ms");
t = performance.now();
await db.query(`INSERT INTO rag_terms (index_id, lexeme, df) SELECT 1, word, ndoc FROM ts_stat('SELECT tsv FROM rag_chunks WHERE index_id = 1')`);
await db.query(`UPDATE rag_indexes SET chunk_count = (SELECT count(*) FROM rag_chunks), lexeme_total = (SELECT sum(lexeme_count) FROM rag_chunks)`);
await db.exec("SELECT gin_clean_pending_list('rag_chunks_tsv_idx'); ANALYZE rag_chunks; ANALYZE rag_terms;");
console.log("stats", (performance.now()-t).toFixed(0), "ms", (await db.query("select count(*) from rag_terms"))[0]);
const [ix] = await db.query<{chunk_count:number; lexeme_total:string}>("SELECT chunk_count, lexeme_total FROM rag_indexes WHERE id=1");
const n = ix!.chunk_count, avgdl = Number(ix!.lexeme_total)/n;
const CAP = Number(process.argv[3] ?? 2000);
const times: number[] = []; const naive: number[] = [];
for (let q = 0; q < 200; q++) {
  const question = Array.from({length: 5}, () => vocab[Math.floor(Math.exp(rand()*Math.log(5000)))]!).join(" ");
  const t0 = performance.now();
  const terms = await db.query<{lexeme:string; df:number}>(`SELECT q.lexeme, coalesce(t.df,0) AS df FROM unnest(to_tsvector('italian',$2)) q LEFT JOIN rag_terms t ON t.index_id=$1 AND t.lexeme=q.lexeme`, [1, question]);
  const tA = performance.now() - t0; (globalThis as any).tA ??= []; (globalThis as any).tA.push(tA);
  const present = terms.filter(x => x.df > 0).sort((a,b)=>a.df-b.df);
  const chosen: string[] = []; let sum = 0;
  for (const term of present) { if (chosen.length && sum + term.df > CAP) break; chosen.push(term.lexeme); sum += term.df; }
  const idf = present.map(x => Math.log(1 + (n - x.df + 0.5)/(x.df + 0.5)));
  const tsq = chosen.map(l => `'${l.replace(/'/g,"''")}'`).join(" | ");
  const rows = await db.query(`SELECT c.id, sum(w.idf * (array_length(u.positions,1) * 2.2) / (array_length(u.positions,1) + 1.2 * (0.25 + 0.75 * c.lexeme_count / $5::float8))) AS score
   FROM (SELECT id, tsv, lexeme_count FROM rag_chunks WHERE index_id = $1 AND tsv @@ $2::tsquery LIMIT $6) c
   CROSS JOIN LATERAL unnest(ts_filter(setweight(c.tsv, 'A', $3::text[]), '{a}')) u
   JOIN unnest($3::text[], $4::float8[]) AS w(lexeme, idf) ON w.lexeme = u.lexeme
   GROUP BY c.id ORDER BY score DESC LIMIT 45`, [1, tsq, present.map(x=>x.lexeme), idf, avgdl, CAP]);
  times.push(performance.now()-t0);
  const tb = performance.now();
  await db.query(`SELECT id FROM rag_chunks WHERE index_id = $1 AND tsv @@ $2::tsquery LIMIT $3`, [1, tsq, CAP]);
  const tc = performance.now();
  const filtered = await db.query<{id:string; lexeme_count:number; f:string}>(`SELECT id, lexeme_count, ts_filter(setweight(tsv, 'A', $3::text[]), '{a}')::text AS f FROM rag_chunks WHERE index_id = $1 AND tsv @@ $2::tsquery LIMIT $4`, [1, tsq, present.map(x=>x.lexeme), CAP]);
  const td = performance.now();
  const g = globalThis as any; (g.cand ??= []).push(tc - tb); (g.filt ??= []).push(td - tc); (g.n ??= []).push(filtered.length);
  if (q < 15) {
    const t1 = performance.now();
    await db.query(`SELECT id, ts_rank(tsv, q) r FROM rag_chunks, to_tsquery('italian', $1) q WHERE index_id=1 AND tsv @@ q ORDER BY r DESC LIMIT 45`, [question.split(" ").join(" | ")]);
    naive.push(performance.now()-t1);
  }
}
const pct = (a: number[], p: number) => [...a].sort((x,y)=>x-y)[Math.floor(p*a.length)]!.toFixed(1);
const g = globalThis as any; console.log("cand p50", pct(g.cand,.5), "p95", pct(g.cand,.95), "filtered p50", pct(g.filt,.5), pct(g.filt,.95), "n p50", pct(g.n,.5), pct(g.n,.95));
console.log("terms p50", pct((globalThis as any).tA,.5));
const ex = await db.query("EXPLAIN ANALYZE SELECT id FROM rag_chunks WHERE index_id = 1 AND tsv @@ $1::tsquery LIMIT 2000", ["'" + vocab[3000] + "'"]); console.log(ex.map((r:any)=>r["QUERY PLAN"]).join("\n"));
console.log("bm25 p50", pct(times,.5), "p95", pct(times,.95), "naive p50", pct(naive,.5), "p95", pct(naive, .95));
