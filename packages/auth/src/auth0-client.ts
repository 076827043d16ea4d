import { Auth0Client, InMemoryCache } from "@auth0/auth0-spa-js";
import type { IdentityClient } from "./auth-session";

export type IdentityProviderConfig = { domain: string; clientId: string; audience: string };

/**
 * The unmodified Auth0 SDK, set up as DESIGN.md §3 says: tokens in memory, rotating refresh
 * tokens with the iframe fallback, back to the site's origin after sign-in (spec 000 §7).
 * `workerUrl` serves the SDK's token worker from this origin, as the strict CSP requires.
 */
export function createIdentityClient(config: IdentityProviderConfig, origin: string, workerUrl?: string): IdentityClient {
  const client = new Auth0Client({
    domain: config.domain,
    clientId: config.clientId,
    // Tokens live in memory either way. The SDK's token worker only talks to a provider at the
    // root of its origin (Auth0's shape); the built-in provider lives under /idp, so there the
    // same in-memory cache is kept on the page instead of in the worker.
    ...(providerHasPath(config.domain) ? { cache: new InMemoryCache().enclosedCache } : { cacheLocation: "memory" as const }),
    useRefreshTokens: true,
    useRefreshTokensFallback: true,
    ...(workerUrl ? { workerUrl } : {}),
    authorizationParams: {
      audience: config.audience,
      redirect_uri: origin,
      scope: "openid profile email",
    },
  });
  return {
    handleRedirectCallback: async (url) => {
      const result = await client.handleRedirectCallback<{ returnTo?: string }>(url);
      return { appState: result.appState };
    },
    checkSession: () => client.checkSession(),
    isAuthenticated: () => client.isAuthenticated(),
    getUser: () => client.getUser(),
    getTokenSilently: async () => {
      const token = await client.getTokenSilently();
      if (!token) throw new Error("Get access token failed");
      return token;
    },
    loginWithRedirect: (options) => client.loginWithRedirect(options),
    // spec 000 §9: popup 400x600, 60 s (the SDK's own defaults).
    loginWithPopup: () => client.loginWithPopup(),
    logout: (options) => client.logout(options),
  };
}

export function providerHasPath(domain: string): boolean {
  try {
    return new URL(/^https?:\/\//.test(domain) ? domain : `https://${domain}`).pathname.replace(/\/$/, "") !== "";
  } catch {
    return false;
  }
}
