import { createApiClient, meSchema, type Me } from "@oystar/api-client";
import { useAuth } from "@oystar/auth/react";
import { useEffect, useMemo, useState } from "react";

/**
 * The signed-in user's profile as the server knows it (GET /api/me): the first call also
 * registers a new account, and `isAdmin` is the server's decision, never the browser's.
 */
export function useProfile(): Me | null {
  const auth = useAuth();
  const signedIn = auth.status === "authenticated";
  const { getAccessToken } = auth;
  const api = useMemo(() => createApiClient({ getAccessToken }), [getAccessToken]);
  const [profile, setProfile] = useState<Me | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    api
      .get("/api/me", meSchema)
      .then((me) => current && setProfile(me))
      .catch((error: unknown) => console.warn("Profilo non disponibile", error));
    return () => {
      current = false;
    };
  }, [api, signedIn]);
  return profile;
}
