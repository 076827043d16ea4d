import { createApiClient, subscriptionStatusResponseSchema, type SubscriptionStatus } from "@oystar/api-client";
import { useAuth } from "@oystar/auth/react";
import { useCallback, useEffect, useMemo, useState } from "react";

export type SubscriptionState = {
  status: SubscriptionStatus | null;
  failed: boolean;
  /** Reads the counters again (after a question, spec 001 §4). */
  refresh: () => void;
};

/** GET /api/subscription/status for the header badges and the module gates. */
export function useSubscription(): SubscriptionState {
  const auth = useAuth();
  const signedIn = auth.status === "authenticated";
  const { getAccessToken } = auth;
  const api = useMemo(() => createApiClient({ getAccessToken }), [getAccessToken]);
  const [state, setState] = useState<{ status: SubscriptionStatus | null; failed: boolean }>({ status: null, failed: false });
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    api
      .get("/api/subscription/status", subscriptionStatusResponseSchema)
      .then((status) => current && setState({ status, failed: false }))
      .catch(() => current && setState({ status: null, failed: true }));
    return () => {
      current = false;
    };
  }, [api, signedIn, generation]);
  return useMemo(() => ({ ...state, refresh }), [state, refresh]);
}
