import { openCliContext } from "../src/rag/cli/cli-context";
import { ingestCommand } from "../src/rag/cli/ingest-command";
import { readQa, halfOf } from "../src/rag/cli/eval-command";
import { findIndex } from "../src/rag/rag-store";
import { retrieve } from "../src/rag/retrieval";
import { proximityOf, type RerankCandidate, type Reranker } from "../src/rag/reranker";
const ctx = await openCliContext({ inMemory: true });
process.stdout.write = ((w) => (s: any, ...a: any[]) => (String(s).includes("passaggi") ? true : w(s, ...a)))(process.stdout.write.bind(process.stdout)) as any;
await ingestCommand(ctx, "t", ["rag-demo"]);
const index = (await findIndex(ctx.db, "t"))!;
const half = process.argv[2] ?? "tuning";
const qa = (await readQa("rag-eval/qa.jsonl")).filter((q) => half === "all" || halfOf(q.id) === half);
type F = { file: string; f: number[] };
const pools: { answer: string; items: F[] }[] = [];
const share = (c: RerankCandidate, has: (l: string) => boolean) => { const t = c.terms.reduce((s, x) => s + x.idf, 0); return t ? c.terms.reduce((s, x) => s + (has(x.lexeme) ? x.idf : 0), 0) / t : 0; };
for (const item of qa) {
  let captured: RerankCandidate[] = [];
  const capture: Reranker = { name: "c", score: async (_q, cands) => { captured = [...cands]; return cands.map((_, i) => -i); } };
  await retrieve({ ...ctx.engine, reranker: capture }, [index], { queries: [item.question], hypothetical: null, topKPerIndex: 45, topKFinal: 40, fused: true, rerank: true, deduplicate: false, deduplicationThreshold: 0.9 });
  const top = Math.max(1e-9, ...captured.map((c) => c.bm25));
  const docSum = new Map<string, number>(); for (const c of captured) docSum.set((c as any).filename, (docSum.get((c as any).filename) ?? 0) + c.bm25 / top);
  const maxDoc = Math.max(1e-9, ...docSum.values());
  pools.push({ answer: item.answer_file, items: captured.map((c, i) => ({ file: (c as any).filename, f: [c.bm25 / top, share(c, (l) => c.matches.has(l)), proximityOf(c.matches), share(c, (l) => c.titleLexemes.has(l)), Math.max(0, c.similarity ?? 0), 1 / (i + 1), (docSum.get((c as any).filename)! - c.bm25 / top) / maxDoc] })) });
}
const evaluate = (w: number[]) => { let r1 = 0, r5 = 0, mrr = 0; for (const p of pools) { const ranked = p.items.map((x) => ({ file: x.file, s: x.f.reduce((s, v, i) => s + v * (w[i] ?? 0), 0) })).sort((a, b) => b.s - a.s); const docs = [...new Set(ranked.map((x) => x.file))]; const pos = docs.indexOf(p.answer); if (pos === 0) r1++; if (pos >= 0 && pos < 5) r5++; if (pos >= 0) mrr += 1 / (pos + 1); } return { r1: r1 / pools.length, r5: r5 / pools.length, mrr: mrr / pools.length }; };
console.log("current", evaluate([0.45, 0.25, 0.1, 0.1, 0.1, 0]));
console.log("fused order", evaluate([0, 0, 0, 0, 0, 1]));
console.log("bm25 only", evaluate([1, 0, 0, 0, 0, 0]));
if (process.argv[3] === "grid") {
  const grid = [0, 0.1, 0.2, 0.3, 0.5];
  let best: any = null;
  for (const b of [0.3, 0.45, 0.6]) for (const c of grid) for (const p of grid) for (const t of grid) for (const s of grid) for (const d of [0, 0.2, 0.4, 0.6, 0.8]) {
    const w = [b, c, p, t, s, 0, d]; const e = evaluate(w); const key = e.mrr;
    if (!best || key > best.key) best = { key, w, e };
  }
  console.log("best", best);
}
for (const w of process.argv.slice(4)) console.log(w, evaluate(JSON.parse(w)));
await ctx.close();
