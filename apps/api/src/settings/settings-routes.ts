import { settingsUpdateSchema } from "@oystar/api-client";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { isAdmin } from "../accounts/accounts";
import type { SignedInVariables } from "../auth/require-user";
import type { Database } from "../db/database";
import { readSettings, saveSettings } from "./settings-store";

/** Every key with a long system prompt is a few kilobytes; more is not the settings form. */
const MAX_SETTINGS_BYTES = 64 * 1024;

/** spec 001 §5: only the admin saves; the refusal names who tried. */
export const accessDenied = (who: string) => `ACCESSO NEGATO: solo l'amministratore può modificare le impostazioni globali (utente attuale: ${who}).`;

/**
 * GET /api/settings (signed-in): what every module starts from. POST /api/settings (admin): the
 * whole settings object, every bound of spec 001 §5 checked here whatever the browser did.
 */
export function settingsRoutes(db: Database, adminEmails: readonly string[]) {
  const app = new Hono<{ Variables: SignedInVariables }>();

  app.get("/api/settings", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await readSettings(db));
  });

  app.post(
    "/api/settings",
    bodyLimit({ maxSize: MAX_SETTINGS_BYTES, onError: (c) => c.json({ error: "Le impostazioni inviate sono troppo lunghe." }, 413) }),
    async (c) => {
      const user = c.get("user");
      if (!isAdmin(user, adminEmails)) return c.json({ error: accessDenied(user.email ?? user.name ?? user.sub) }, 403);
      const body: unknown = await c.req.json().catch(() => null);
      if (!body || typeof body !== "object" || Array.isArray(body)) return c.json({ error: "Le impostazioni devono essere un oggetto JSON." }, 400);
      const parsed = settingsUpdateSchema.safeParse(body);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const message = first?.code === "unrecognized_keys" ? `Impostazione sconosciuta: ${first.keys.join(", ")}` : first?.message;
        return c.json({ error: message ?? "Impostazioni non valide", field: first?.path.join(".") }, 400);
      }
      return c.json(await saveSettings(db, parsed.data, user.id));
    },
  );
  return app;
}
