import { meSchema, type Me } from "@oystar/api-client";
import { useEffect, useState } from "react";
import { useSignedInApi } from "./use-signed-in-api";

/**
 * The signed-in user's profile as the server knows it (GET /api/me): the first call also
 * registers a new account, and `isAdmin` is the server's decision, never the browser's.
 */
export function useProfile(): Me | null {
  const api = useSignedInApi();
  const [profile, setProfile] = useState<Me | null>(null);
  useEffect(() => {
    if (!api) return;
    let current = true;
    api
      .get("/api/me", meSchema)
      .then((me) => current && setProfile(me))
      .catch((error: unknown) => console.warn("Profilo non disponibile", error));
    return () => {
      current = false;
    };
  }, [api]);
  return profile;
}
