import { API_PATHS, settingsUpdateSchema } from "@oystar/api-client";
import { Hono } from "hono";
import type { Access } from "../auth/access";
import type { Database } from "../db/database";
import { bodyCeiling, jsonOnly } from "../web/request-body";
import { settingsMessages } from "./messages";
import { readSettings, saveSettings } from "./settings-store";

/** Every key with a long system prompt is a few kilobytes; more is not the settings form. */
const MAX_SETTINGS_BYTES = 64 * 1024;

/**
 * GET /api/settings (signed-in): what every module starts from. POST /api/settings (admin): the
 * whole settings object, every bound of spec 001 §5 checked here whatever the browser did.
 */
export function settingsRoutes(access: Access, db: Database, { onSaved = () => {} }: { onSaved?: () => void } = {}) {
  const app = new Hono();

  app.get(API_PATHS.settings, access.signedIn, async (c) => c.json(await readSettings(db)));

  app.post(
    API_PATHS.settings,
    // spec 001 §5: only the admin saves; the refusal names who tried.
    access.admin((user) => settingsMessages.accessDenied(user.email ?? user.name ?? user.sub)),
    jsonOnly,
    bodyCeiling({ maxBytes: MAX_SETTINGS_BYTES, tooLarge: settingsMessages.tooLarge }),
    async (c) => {
      const body: unknown = await c.req.json().catch(() => null);
      if (!body || typeof body !== "object" || Array.isArray(body)) return c.json({ error: settingsMessages.notAnObject }, 400);
      const parsed = settingsUpdateSchema.safeParse(body);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const message = first?.code === "unrecognized_keys" ? settingsMessages.unknownKey(first.keys) : first?.message;
        return c.json({ error: message ?? settingsMessages.invalid, field: first?.path.join(".") }, 400);
      }
      const saved = await saveSettings(db, parsed.data, c.get("user").id);
      // The provider (and whatever else is read per call) changes at once on this server.
      onSaved();
      return c.json(saved);
    },
  );
  return app;
}
