import type { BackendStatus } from "@oystar/api-client";

/** spec 001 §5: when the send button works. */
export function canSend(state: { input: string; loading: boolean; backend: BackendStatus; blocked: boolean }): boolean {
  return state.input.trim().length > 0 && !state.loading && state.backend === "online" && !state.blocked;
}
