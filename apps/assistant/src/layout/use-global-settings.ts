import { defaultSettings, settingsAnswerSchema, type SettingsAnswer } from "@oystar/api-client";
import { useEffect, useMemo, useState } from "react";
import { useSignedInApi } from "./use-signed-in-api";

export type GlobalSettingsState = {
  /** null until the server answers; the built-in defaults if it cannot (spec 001 §7). */
  answer: SettingsAnswer | null;
  /** After the admin saves: every module of this page uses the new settings at once. */
  replace: (answer: SettingsAnswer) => void;
};

/** GET /api/settings: the admin's defaults every module starts from (chat model, debate, RAG). */
export function useGlobalSettings(): GlobalSettingsState {
  const api = useSignedInApi();
  const [answer, setAnswer] = useState<SettingsAnswer | null>(null);
  useEffect(() => {
    if (!api) return;
    let current = true;
    api
      .get("/api/settings", settingsAnswerSchema)
      .then((loaded) => current && setAnswer(loaded))
      .catch(() => current && setAnswer({ settings: defaultSettings, updatedAt: null }));
    return () => {
      current = false;
    };
  }, [api]);
  return useMemo(() => ({ answer, replace: setAnswer }), [answer]);
}
