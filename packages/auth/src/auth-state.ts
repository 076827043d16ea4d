import { authMessages } from "./messages";

// spec 000 §3–§4: loading (initial), then authenticated | unauthenticated, or error.

export type AuthUser = {
  sub: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  /** What the header shows when there is no email (spec 001 §2: "email or username"). */
  username: string;
};

export type AuthState =
  | { status: "loading" }
  | { status: "authenticated"; user: AuthUser }
  /**
   * `sessionLost`: the user was signed in on this page and the session could not be renewed
   * (spec 001 §2: the card 'Autenticazione Richiesta' instead of a redirect); `message` says why
   * signing in again did not work.
   */
  | { status: "unauthenticated"; sessionLost?: boolean; message?: string }
  | { status: "error"; message: string };

export type AuthEvent =
  | { type: "signed-in"; user: AuthUser }
  | { type: "signed-out" }
  | { type: "session-lost"; message?: string }
  | { type: "failed"; message: string };

export const initialAuthState: AuthState = { status: "loading" };

export function authTransition(_state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case "signed-in":
      return { status: "authenticated", user: event.user };
    case "signed-out":
      return { status: "unauthenticated" };
    case "session-lost":
      return event.message
        ? { status: "unauthenticated", sessionLost: true, message: event.message }
        : { status: "unauthenticated", sessionLost: true };
    case "failed":
      return { status: "error", message: event.message };
  }
}

/** The SDK's errors as the spec's catalogue names them (spec 000 §8). */
export function authErrorMessage(error: unknown, fallback: string = authMessages.loginFailed): string {
  const code = typeof error === "object" && error !== null ? (error as { error?: unknown }).error : undefined;
  if (code === "state_mismatch" || code === "missing_transaction") return authMessages.invalidState;
  if (code === "timeout") return authMessages.timeout;
  if (code === "cancelled") return authMessages.popupClosed;
  const description =
    typeof error === "object" && error !== null ? (error as { error_description?: unknown }).error_description : undefined;
  if (typeof description === "string" && description) return description;
  if (error instanceof Error && error.message === authMessages.invalidState) return authMessages.invalidState;
  return fallback;
}

/** A redirect back from the provider carries code and state, or an error (spec 000 §4). */
export function isRedirectCallback(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has("code") && params.has("state")) || params.has("error");
}

/** Only a path on this site may be a return address: never another origin. */
export function safeReturnTo(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

export function userFromClaims(claims: Record<string, unknown> | undefined): AuthUser | null {
  if (!claims || typeof claims.sub !== "string") return null;
  const text = (value: unknown) => (typeof value === "string" && value ? value : null);
  const email = text(claims.email);
  const name = text(claims.name);
  return {
    sub: claims.sub,
    email,
    name,
    picture: text(claims.picture),
    username: text(claims.nickname) ?? name ?? email ?? claims.sub,
  };
}
