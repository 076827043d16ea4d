import { API_PATHS, webVitalSchema } from "@oystar/api-client";
import { Hono, type Context } from "hono";
import type { Access } from "../auth/access";
import type { Database } from "../db/database";
import type { AddressLimits } from "../web/address-limit";
import { firstIssue, jsonBody } from "../web/json-body";
import { bodyCeiling, jsonOnly, QUICK_BODY_MS } from "../web/request-body";
import { webVitalsMessages } from "./messages";
import { createWebVitalsStore } from "./web-vitals-store";

/** One metric is a few dozen bytes. */
const VITAL_BODY = { maxBytes: 256, readTimeoutMs: QUICK_BODY_MS };
/** A page reports five metrics; a few pages a minute per visitor, with room for an office behind one address. */
const VITALS_PER_MINUTE = 120;
/**
 * Over the limit a measure is dropped, not refused: a beacon cannot act on a 429 and browsers
 * would only print it as an error; what is kept stays bounded either way.
 */
const dropped = (c: Context) => c.body(null, 204);

/**
 * spec 000 §7: POST /api/web-vitals (public: the page and the metric, nothing about who sent it;
 * only aggregates are kept) and GET /api/admin/web-vitals (the admin: p75 per page).
 */
export function webVitalsRoutes(access: Access, db: Database, addressLimits: AddressLimits) {
  const store = createWebVitalsStore(db);
  const app = new Hono();

  app.post(
    API_PATHS.webVitals,
    access.public,
    addressLimits.perMinute({ action: "web-vitals", perMinute: VITALS_PER_MINUTE, whenLimited: dropped }),
    jsonOnly,
    bodyCeiling(VITAL_BODY),
    jsonBody(webVitalSchema, firstIssue(webVitalsMessages.invalid)),
    async (c) => {
      await store.record(c.req.valid("json"));
      return c.body(null, 204);
    },
  );

  app.get(
    API_PATHS.webVitalsReport,
    access.admin(() => webVitalsMessages.adminOnly),
    async (c) => c.json(await store.report()),
  );

  return app;
}
