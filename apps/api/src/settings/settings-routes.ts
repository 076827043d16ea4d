import { API_PATHS, settingsUpdateSchema } from "@oystar/api-client";
import { Hono } from "hono";
import type { z } from "zod";
import type { Access } from "../auth/access";
import type { Database } from "../db/database";
import { jsonBody, type BodyRefusal } from "../web/json-body";
import { bodyCeiling, jsonOnly } from "../web/request-body";
import { settingsMessages } from "./messages";
import { readSettings, saveSettings } from "./settings-store";

/** Every key with a long system prompt is a few kilobytes; more is not the settings form. */
const MAX_SETTINGS_BYTES = 64 * 1024;

/** spec 001 §5: the whole object or nothing; an unknown key is named; a bad value names its field. */
function settingsRefusal(error: z.ZodError): BodyRefusal {
  const first = error.issues[0];
  if (first?.code === "invalid_type" && first.path.length === 0) return { error: settingsMessages.notAnObject };
  const message = first?.code === "unrecognized_keys" ? settingsMessages.unknownKey(first.keys) : first?.message;
  return { error: message ?? settingsMessages.invalid, field: first?.path.join(".") };
}

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
    jsonBody(settingsUpdateSchema, settingsRefusal),
    async (c) => {
      const saved = await saveSettings(db, c.req.valid("json"), c.get("user").id);
      // The provider (and whatever else is read per call) changes at once on this server.
      onSaved();
      return c.json(saved);
    },
  );
  return app;
}
