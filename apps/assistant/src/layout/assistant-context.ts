import type { BackendStatus, Me, SettingsAnswer } from "@oystar/api-client";
import { useOutletContext } from "react-router";
import type { SubscriptionState } from "./use-subscription";

/** What the shared layout gives the module screens below it. */
export type AssistantContext = {
  subscription: SubscriptionState;
  profile: Me | null;
  backend: BackendStatus;
  /** The server answers with its offline model (no LLM connected). */
  offlineModel: boolean;
  /** The admin's global settings (GET /api/settings); null until they are read. */
  globalSettings: SettingsAnswer | null;
  /** spec 001 §2: a screen that has a conversation supplies the header's clear-chat action. */
  setClearChat: (clear: (() => void) | null) => void;
};

export const useAssistantContext = () => useOutletContext<AssistantContext>();
