import { chatModelChoices, defaultSettings, type SettingsAnswer } from "@oystar/api-client";
import { useBackendStatus, useLoad } from "@oystar/api-client/react";
import { useApiClient, useAuth } from "@oystar/auth/react";
import { useMemo } from "react";

/** spec 001 §7: without the server's settings every module starts from the built-in defaults. */
const builtInSettings: SettingsAnswer = { settings: defaultSettings, updatedAt: null, version: null };

/** What the assistant's header and modules read from the server, each once for the whole app. */
export function useAssistantData() {
  const api = useApiClient();
  const { runtimeConfig } = useAuth();
  // The version shown next to the product name: /config.json as the sign-in read it.
  const config = useLoad(() => runtimeConfig(), [runtimeConfig]);
  // spec 001 §4 and DESIGN.md §6: whether the service answers, and whether with the offline model.
  const backend = useBackendStatus(() => api.call("health"));
  // GET /api/me also registers a new account; `isAdmin` is the server's decision, never the browser's.
  const profile = useLoad(() => api.call("me"), [api]);
  const subscription = useLoad(() => api.call("subscriptionStatus"), [api]);
  // spec 001 §7: the models the gateway serves (the offline one when no model is connected).
  const models = useLoad(() => api.call("models"), [api]);
  const chatModels = useMemo(() => chatModelChoices(models.data ?? null), [models.data]);
  const globalSettings = useLoad(() => api.call("settings").catch(() => builtInSettings), [api]);
  return {
    version: config.data?.version ?? null,
    backend: backend.status,
    health: backend.health,
    offlineModel: backend.health?.model?.offline === true,
    // spec 001 §3: a local model also gets the prompt templates' local extras; unknown is cloud.
    modelProvider: backend.health?.model?.upstream === "local" ? ("local" as const) : ("cloud" as const),
    profile: profile.data ?? null,
    subscription,
    globalSettings,
    chatModels,
  };
}
