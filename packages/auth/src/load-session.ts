import { createApiClient, runtimeConfigSchema } from "@oystar/api-client";
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

/** A client whose every call waits for the real one, which `ready` is still finding. */
function deferredIdentityClient(ready: Promise<IdentityClient>): IdentityClient {
  return {
    handleRedirectCallback: async (url) => (await ready).handleRedirectCallback(url),
    checkSession: async () => (await ready).checkSession(),
    isAuthenticated: async () => (await ready).isAuthenticated(),
    getUser: async () => (await ready).getUser(),
    getTokenSilently: async () => (await ready).getTokenSilently(),
    loginWithRedirect: async (options) => (await ready).loginWithRedirect(options),
    loginWithPopup: async () => {
      const client = await ready;
      if (!client.loginWithPopup) throw Object.assign(new Error("Login failed"), { error: "popup_open" });
      return client.loginWithPopup();
    },
    logout: async (options) => (await ready).logout(options),
  };
}

/**
 * The session, at once: the page renders (its state 'loading') while /config.json names the
 * identity provider and the Auth0 SDK loads beside it — neither is on the first paint's path.
 * /config.json is read here only; the session hands it on (`runtimeConfig`) to whoever needs it.
 */
export function loadAuthSession(environment: SessionEnvironment, options: { workerUrl?: string; configPath?: string } = {}): AuthSession {
  const sdk = import("./auth0-client");
  // Only awaited when a provider is configured; a failed download then surfaces there.
  sdk.catch(() => undefined);
  const runtimeConfig = createApiClient()
    .get(options.configPath ?? "/config.json", runtimeConfigSchema)
    .catch((error: unknown) => {
      environment.log?.("Identity provider unavailable", error);
      return null;
    });
  const ready = (async () => {
    try {
      const auth = (await runtimeConfig)?.auth;
      if (auth) return (await sdk).createIdentityClient(auth, environment.origin, options.workerUrl);
    } catch (error) {
      environment.log?.("Identity provider unavailable", error);
    }
    return noIdentityProvider;
  })();
  return createAuthSession(deferredIdentityClient(ready), environment, runtimeConfig);
}
