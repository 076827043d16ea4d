import { defaultSettings, mergeSettings, type Settings } from "@oystar/api-client";
import type { Database } from "../db/database";

/**
 * The global settings as every module reads them, when the admin last saved them and how many
 * times (DESIGN.md §7: one versioned row); the defaults, version 0, until the first save.
 */
export type StoredSettings = { data: Settings; updated_at: string | null; version: number };

export async function readSettings(db: Database): Promise<StoredSettings> {
  const [row] = await db.query<{ value: unknown; updated_at: Date; version: number }>(
    "SELECT value, updated_at, version FROM global_settings",
  );
  if (!row) return { data: defaultSettings, updated_at: null, version: 0 };
  return { data: mergeSettings(row.value), updated_at: row.updated_at.toISOString(), version: row.version };
}

/** Replaces the settings as a whole (the form always sends every key, validated by the caller); each save is a new version. */
export async function saveSettings(db: Database, settings: Settings, adminId: string): Promise<StoredSettings> {
  const [row] = await db.query<{ updated_at: Date; version: number }>(
    `INSERT INTO global_settings (singleton, value, updated_by) VALUES (true, $1, $2)
     ON CONFLICT (singleton) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now(),
       version = global_settings.version + 1
     RETURNING updated_at, version`,
    [JSON.stringify(settings), adminId],
  );
  if (!row) throw new Error("settings not stored");
  return { data: settings, updated_at: row.updated_at.toISOString(), version: row.version };
}
