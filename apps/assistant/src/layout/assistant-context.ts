import type { BackendStatus, ChatModelChoices, Health, Me, ModelProvider, SettingsAnswer, SubscriptionStatus } from "@oystar/api-client";
import { useOutletContext } from "react-router";
import type { DeviceHistory } from "../history/use-device-history";

/** What the shared layout gives the module screens below it. */
export type AssistantContext = {
  /** GET /api/subscription/status; null until it answers. */
  subscription: SubscriptionStatus | null;
  /** The status could not be read: the gates count that as the free plan. */
  subscriptionFailed: boolean;
  /** Reads the plan and counters again (after a question, spec 001 §4). */
  refreshSubscription: () => void;
  profile: Me | null;
  backend: BackendStatus;
  /** GET /api/health as last read (null until it answers): what the server runs. */
  health: Health | null;
  /** The server answers with its offline model (no LLM connected). */
  offlineModel: boolean;
  /** Where the server's model runs (GET /api/health): a local one takes the templates' local extras. */
  modelProvider: ModelProvider;
  /** What the chat's model selector offers (GET /groq/models). */
  chatModels: ChatModelChoices;
  /** The admin's global settings (GET /api/settings); null until they are read. */
  globalSettings: SettingsAnswer | null;
  /** The app's version (GET /config.json), as the header shows it; null until it is read. */
  version: string | null;
  /** spec 001 §2: a screen that has a conversation supplies the header's clear-chat action. */
  setClearChat: (clear: (() => void) | null) => void;
  /** Issue 35 §1: this account's conversations kept on this device. */
  history: DeviceHistory;
  /** Issue 50 §2: an address named no conversation kept here — a new one opened, and this said. */
  tellUnknownAddress: () => void;
  /** Opens the 'Conversazioni' panel. */
  showConversations: () => void;
};

export const useAssistantContext = () => useOutletContext<AssistantContext>();
