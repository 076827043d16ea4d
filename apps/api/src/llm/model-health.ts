import type { Upstream } from "../env";
import { upstreamAuthorization } from "./upstream-request";

/** spec 001 §7: the health check gives the model 5 s. */
export const HEALTH_TIMEOUT_MS = 5000;
/** spec 001 §7: the cloud check asks the smallest model for one token. */
export const HEALTH_CHECK_MODEL = "llama-3.1-8b-instant";
/**
 * /api/health is public and polled by every open assistant: the model is asked at most this
 * often, whatever the traffic (each cloud check is a paid completion).
 */
const PROBE_EVERY_MS = 30_000;

export type ModelHealth = { healthy: boolean; checkedAt: string };

/**
 * spec 001 §7: cloud — a POST to chat/completions with a tiny request, healthy unless the status
 * is 0 (no answer) or 500 and above; local — GET /version. One probe at a time, remembered for
 * 30 s; the clock, the probe's time limit and fetch are injected for tests.
 */
export function createModelHealth(
  upstream: Upstream,
  options: { fetch?: typeof fetch; now?: () => number; timeout?: (delayMs: number) => AbortSignal } = {},
) {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeout = options.timeout ?? ((delayMs: number) => AbortSignal.timeout(delayMs));
  let last: (ModelHealth & { at: number }) | null = null;
  let pending: Promise<ModelHealth> | null = null;

  const probe = async (): Promise<ModelHealth> => {
    const headers = { "Content-Type": "application/json", ...upstreamAuthorization(upstream) };
    const signal = timeout(HEALTH_TIMEOUT_MS);
    const answer =
      upstream.provider === "local"
        ? fetchImpl(new URL("/version", upstream.baseUrl), { headers, signal })
        : fetchImpl(`${upstream.baseUrl}/chat/completions`, {
            method: "POST",
            headers,
            signal,
            body: JSON.stringify({ model: HEALTH_CHECK_MODEL, messages: [{ role: "user", content: "ping" }], max_tokens: 1 }),
          });
    const status = await answer.then(
      async (response) => {
        await response.body?.cancel().catch(() => {});
        return response.status;
      },
      () => 0,
    );
    return {
      healthy: upstream.provider === "local" ? status >= 200 && status < 300 : status !== 0 && status < 500,
      checkedAt: new Date(now()).toISOString(),
    };
  };

  return async function modelHealth(): Promise<ModelHealth> {
    if (last && now() - last.at < PROBE_EVERY_MS) return { healthy: last.healthy, checkedAt: last.checkedAt };
    pending ??= probe()
      .then((result) => {
        last = { ...result, at: now() };
        return result;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}
