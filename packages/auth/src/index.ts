export type { IdentityProviderConfig } from "./auth0-client";
export { createAuthSession } from "./auth-session";
export { loadAuthSession } from "./load-session";
export type { AuthSession, IdentityClient, SessionEnvironment } from "./auth-session";
export {
  authErrorMessage,
  authTransition,
  initialAuthState,
  isRedirectCallback,
  safeReturnTo,
  userFromClaims,
} from "./auth-state";
export type { AuthEvent, AuthState, AuthUser } from "./auth-state";
export { authMessages } from "./messages";
