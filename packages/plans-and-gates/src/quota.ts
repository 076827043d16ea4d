import { UNLIMITED } from "@oystar/api-client";
import { planMessages } from "./messages";

export const isUnlimited = (limit: number) => limit === UNLIMITED;

/** "used/limit", ∞ for unlimited, '...' while not loaded (spec 001 §2). */
export function formatQuota(used: number | null | undefined, limit: number | null | undefined): string {
  if (used == null || limit == null) return planMessages.notLoaded;
  return `${used}/${isUnlimited(limit) ? planMessages.unlimited : limit}`;
}

export const hasQuotaLeft = (used: number, limit: number) => isUnlimited(limit) || used < limit;

/** Quotas count per calendar month in UTC: the month a moment belongs to, as YYYY-MM-01. */
export function usageMonth(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, "0")}-01`;
}

/** When the counters of the month containing `at` reset: the first instant of the next month. */
export function quotaResetAt(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}
