export type { IdentityProviderConfig } from "./auth0-client";
export { createAuthSession } from "./auth-session";
export { deferAuthSession } from "./deferred-session";
export { loadAuthSession } from "./load-session";
export type { AuthSession, IdentityClient, SessionEnvironment } from "./auth-session";
export { isRedirectCallback, safeReturnTo } from "./auth-state";
export type { AuthState, AuthUser } from "./auth-state";
export { authMessages } from "./messages";
export { markAccountDeleted, takeAccountDeleted } from "./account-farewell";
