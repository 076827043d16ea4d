export { AuthProvider, useApiClient, useAuth } from "./auth-context";
export type { UseAuth } from "./auth-context";
export { AuthErrorScreen, WelcomeScreen } from "./auth-screens";
export { RequireAuth } from "./require-auth";
export { SessionLostCard } from "./session-lost-card";
export type { RequireAuthProps } from "./require-auth";
