import { createApiClient, type ApiClient } from "@oystar/api-client";
import { useAuth } from "@oystar/auth/react";
import { useMemo } from "react";

/** The API client carrying the signed-in user's access token; null while nobody is signed in. */
export function useSignedInApi(): ApiClient | null {
  const auth = useAuth();
  const signedIn = auth.status === "authenticated";
  const { getAccessToken } = auth;
  return useMemo(() => (signedIn ? createApiClient({ getAccessToken }) : null), [signedIn, getAccessToken]);
}
