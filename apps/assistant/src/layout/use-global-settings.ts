import { createApiClient, defaultSettings, settingsAnswerSchema, type SettingsAnswer } from "@oystar/api-client";
import { useAuth } from "@oystar/auth/react";
import { useEffect, useMemo, useState } from "react";

export type GlobalSettingsState = {
  /** null until the server answers; the built-in defaults if it cannot (spec 001 §7). */
  answer: SettingsAnswer | null;
  /** After the admin saves: every module of this page uses the new settings at once. */
  replace: (answer: SettingsAnswer) => void;
};

/** GET /api/settings: the admin's defaults every module starts from (chat model, debate, RAG). */
export function useGlobalSettings(): GlobalSettingsState {
  const auth = useAuth();
  const signedIn = auth.status === "authenticated";
  const { getAccessToken } = auth;
  const api = useMemo(() => createApiClient({ getAccessToken }), [getAccessToken]);
  const [answer, setAnswer] = useState<SettingsAnswer | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    api
      .get("/api/settings", settingsAnswerSchema)
      .then((loaded) => current && setAnswer(loaded))
      .catch(() => current && setAnswer({ settings: defaultSettings, updatedAt: null }));
    return () => {
      current = false;
    };
  }, [api, signedIn]);
  return useMemo(() => ({ answer, replace: setAnswer }), [answer]);
}
