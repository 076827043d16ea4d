import { OFFLINE_MODEL_LABEL } from "@oystar/api-client";
import { createContext, useContext, type ReactNode } from "react";
import { debateMessages } from "../messages";
import type { Speaker } from "../rules";

// issue 36 §1: with the offline model playing both sides, no participant is shown under a model
// name it does not have — the sides are 'Lato A' and 'Lato B', and the screen says once that a
// demonstration model writes them.

const OfflineParticipants = createContext(false);

export function ParticipantsProvider({ offline, children }: { offline: boolean; children: ReactNode }) {
  return <OfflineParticipants.Provider value={offline}>{children}</OfflineParticipants.Provider>;
}

/** How a side is named on screen: 'Modello A' and its model, or offline 'Lato A' and no model. */
export function useParticipant(): (speaker: Speaker, model: string) => { label: string; model: string | null } {
  const offline = useContext(OfflineParticipants);
  return (speaker, model) =>
    offline ? { label: debateMessages.judge.side(speaker), model: null } : { label: debateMessages.modelLabel[speaker], model };
}

export const useOfflineParticipants = () => useContext(OfflineParticipants);

/** Said once, above the sides, when the offline model plays them. */
export function OfflineParticipantsNote() {
  return useOfflineParticipants() ? (
    <p className="debate-sides__offline">{debateMessages.offlineParticipants(OFFLINE_MODEL_LABEL)}</p>
  ) : null;
}
