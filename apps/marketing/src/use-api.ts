import { createApiClient } from "@oystar/api-client";
import { useAuth } from "@oystar/auth/react";
import { useMemo } from "react";

/** The API on this origin, with the signed-in user's token when there is one. */
export function useApi() {
  const { getAccessToken, status } = useAuth();
  return useMemo(
    () => createApiClient({ getAccessToken: status === "authenticated" ? getAccessToken : undefined }),
    [getAccessToken, status],
  );
}
