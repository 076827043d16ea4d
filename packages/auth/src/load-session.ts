import { createApiClient, runtimeConfigSchema } from "@oystar/api-client";
import { createIdentityClient } from "./auth0-client";
import { createAuthSession, type AuthSession, type IdentityClient, type SessionEnvironment } from "./auth-session";

/**
 * Without a configured identity provider there is no session to find and signing in fails
 * with the spec's 'Login failed': public pages still work, signed-in ones say why not.
 */
const noIdentityProvider: IdentityClient = {
  handleRedirectCallback: () => Promise.reject(new Error("Login failed")),
  checkSession: async () => {},
  isAuthenticated: async () => false,
  getUser: async () => undefined,
  getTokenSilently: () => Promise.reject(new Error("Get access token failed")),
  loginWithRedirect: () => Promise.reject(new Error("Login failed")),
  logout: async () => {},
};

/** Reads the identity provider from /config.json (one build, any environment) and creates the session. */
export async function loadAuthSession(
  environment: SessionEnvironment,
  options: { workerUrl?: string; configPath?: string } = {},
): Promise<AuthSession> {
  let client = noIdentityProvider;
  try {
    const config = await createApiClient().get(options.configPath ?? "/config.json", runtimeConfigSchema);
    if (config.auth) client = createIdentityClient(config.auth, environment.origin, options.workerUrl);
  } catch (error) {
    environment.log?.("Configuration unavailable", error);
  }
  return createAuthSession(client, environment);
}
