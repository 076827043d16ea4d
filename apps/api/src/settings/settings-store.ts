import { defaultSettings, mergeSettings, type Settings } from "@oystar/api-client";
import type { Database } from "../db/database";

/** The global settings as every module reads them; the defaults until the admin first saves. */
export type StoredSettings = { data: Settings; updated_at: string | null };

export async function readSettings(db: Database): Promise<StoredSettings> {
  const [row] = await db.query<{ value: unknown; updated_at: Date }>("SELECT value, updated_at FROM global_settings");
  if (!row) return { data: defaultSettings, updated_at: null };
  return { data: mergeSettings(row.value), updated_at: row.updated_at.toISOString() };
}

/** Replaces the settings as a whole (the form always sends every key, validated by the caller). */
export async function saveSettings(db: Database, settings: Settings, adminId: string): Promise<StoredSettings> {
  const [row] = await db.query<{ updated_at: Date }>(
    `INSERT INTO global_settings (singleton, value, updated_by) VALUES (true, $1, $2)
     ON CONFLICT (singleton) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING updated_at`,
    [JSON.stringify(settings), adminId],
  );
  return { data: settings, updated_at: row?.updated_at.toISOString() ?? null };
}
