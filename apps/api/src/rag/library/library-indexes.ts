import type { LibraryIndex, LibraryIndexes, PlanId } from "@oystar/api-client";
import { planById } from "@oystar/plans-and-gates";
import { randomBytes } from "node:crypto";
import type { Database, Queryable } from "../../db/database";
import { ragMessages } from "../messages";
import { indexNameFrom, ownerUsage, type RagIndex } from "../rag-store";
import { libraryMessages } from "./messages";

// Issue 48 §1: a customer's own indexes, made and removed by the customer within its plan (spec
// 001 §9: Business 3 indexes, 100 MB in all). An index's name is global (RAG requests name
// indexes), so the name of a customer's index is its label's words and a random tail: two firms
// may both call theirs «Contratti», and nobody learns from a refusal that another has one.

export const asLibraryIndex = (index: RagIndex): LibraryIndex => ({
  name: index.name,
  label: index.label,
  documents: index.documents,
  bytes: index.bytes,
});

/** The customer's indexes (by label), its plan's limits and what it uses of them. */
export async function libraryIndexes(db: Queryable, owner: { id: string; plan: PlanId }): Promise<LibraryIndexes> {
  const rows = await db.query<{ name: string; label: string; documents: string; bytes: string }>(
    `SELECT i.name, i.label, (SELECT count(*) FROM rag_documents d WHERE d.index_id = i.id)::text AS documents, i.bytes::text
     FROM rag_indexes i WHERE i.owner_id = $1 ORDER BY i.created_at, i.id`,
    [owner.id],
  );
  const plan = planById(owner.plan);
  const usage = await ownerUsage(db, owner.id);
  return {
    indexes: rows.map((row) => ({ name: row.name, label: row.label, documents: Number(row.documents), bytes: Number(row.bytes) })),
    limits: { indexes: plan.rag_indices_limit, bytes: plan.rag_max_bytes },
    used: usage,
  };
}

export type CreatedIndex = { ok: true; index: LibraryIndex } | { ok: false; status: 409; error: string };

/**
 * A new index of the customer's, or why not: its plan's count reached (the plan's words), or an
 * index of its own with that label already. The count is checked with the customer's row locked,
 * so two clicks at once, on one server or two, cannot pass the limit together.
 */
export async function createLibraryIndex(db: Database, owner: { id: string }, label: string): Promise<CreatedIndex> {
  return db.transaction(async (tx) => {
    const [account] = await tx.query<{ plan: PlanId }>("SELECT plan FROM users WHERE id = $1 FOR UPDATE", [owner.id]);
    const limit = planById(account?.plan ?? "free").rag_indices_limit;
    const mine = await tx.query<{ label: string }>("SELECT label FROM rag_indexes WHERE owner_id = $1", [owner.id]);
    if (limit !== -1 && mine.length >= limit) return { ok: false, status: 409, error: ragMessages.indexLimit(limit) };
    if (mine.some((index) => index.label.toLowerCase() === label.toLowerCase()))
      return { ok: false, status: 409, error: libraryMessages.sameLabel(label) };
    const name = `${indexNameFrom(label).slice(0, 60)}-${randomBytes(4).toString("hex")}`;
    await tx.query("INSERT INTO rag_indexes (name, owner_id, label) VALUES ($1, $2, $3)", [name, owner.id, label]);
    return { ok: true, index: { name, label, documents: 0, bytes: 0 } };
  });
}
