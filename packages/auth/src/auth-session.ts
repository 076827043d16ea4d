import { createApiClient, type RuntimeConfig } from "@oystar/api-client";
import { createStore } from "zustand/vanilla";
import {
  authErrorMessage,
  authTransition,
  initialAuthState,
  isRedirectCallback,
  safeReturnTo,
  userFromClaims,
  type AuthEvent,
  type AuthState,
} from "./auth-state";
import { authMessages } from "./messages";

/** The part of @auth0/auth0-spa-js's Auth0Client that the session uses. */
export type IdentityClient = {
  handleRedirectCallback(url?: string): Promise<{ appState?: { returnTo?: string } }>;
  checkSession(): Promise<void>;
  isAuthenticated(): Promise<boolean>;
  getUser(): Promise<Record<string, unknown> | undefined>;
  getTokenSilently(): Promise<string>;
  loginWithRedirect(options: { appState?: { returnTo?: string } }): Promise<void>;
  /** Signs in in a popup, leaving this page as it is; without it, signing in again is a redirect. */
  loginWithPopup?(): Promise<void>;
  logout(options: { logoutParams?: { returnTo?: string }; openUrl?: false }): Promise<void>;
};

/** The browser around the session, injected so the core runs and is tested anywhere. */
export type SessionEnvironment = {
  /** The current URL (path, query and hash). */
  currentUrl: () => URL;
  /**
   * Replaces the address after a callback. Answering "leaving" means a full page load of
   * another app on the origin has begun: this page stays 'loading' until it is gone.
   */
  replaceUrl: (path: string) => "leaving" | void | Promise<void>;
  origin: string;
  log?: (message: string, error: unknown) => void;
};

export type AuthSession = ReturnType<typeof createAuthSession>;

/**
 * The sign-in session of spec 000 §4 over an identity client. `runtimeConfig` is /config.json as
 * the session's loader read it (null when it could not), so the apps never read it twice.
 */
export function createAuthSession(
  client: IdentityClient,
  environment: SessionEnvironment,
  runtimeConfig: Promise<RuntimeConfig | null> = Promise.resolve(null),
) {
  const store = createStore<AuthState>()(() => initialAuthState);
  const dispatch = (event: AuthEvent) => store.setState(authTransition(store.getState(), event), true);

  async function signedInOrOut() {
    const user = (await client.isAuthenticated()) ? userFromClaims(await client.getUser()) : null;
    dispatch(user ? { type: "signed-in", user } : { type: "signed-out" });
  }

  /**
   * The bearer token for API calls. login_required means the session is gone: the user is
   * signed out here, silently. Other failures are logged and rethrown (spec 000 §8).
   */
  async function getAccessToken(): Promise<string> {
    try {
      return await client.getTokenSilently();
    } catch (error) {
      if ((error as { error?: unknown }).error === "login_required") {
        // Lost while someone was signed in here (or already known lost, by a call that failed
        // at the same time): the page keeps what is on it (spec 001 §2).
        const state = store.getState();
        const wasHere = state.status === "authenticated" || (state.status === "unauthenticated" && state.sessionLost === true);
        dispatch(wasHere ? { type: "session-lost" } : { type: "signed-out" });
      } else {
        // spec 000 §8: login_required signs the user out silently; only other failures are logged.
        environment.log?.(authMessages.tokenFailed, error);
      }
      throw error;
    }
  }

  /** Redirects to the provider; after sign-in the user lands on `returnTo`. */
  async function login(returnTo?: string): Promise<void> {
    try {
      await client.loginWithRedirect({ appState: { returnTo: safeReturnTo(returnTo) } });
    } catch (error) {
      dispatch({ type: "failed", message: authErrorMessage(error) });
    }
  }

  /**
   * A refusal the provider answered (an OAuth error code, e.g. an unverified email) is the user's
   * to read, and the page shows it; only a failure nobody answered (network, a bug) is logged.
   */
  function logUnlessProviderAnswered(error: unknown) {
    if (typeof error === "object" && error !== null && typeof (error as { error?: unknown }).error === "string") return;
    environment.log?.("Sign-in failed", error);
  }

  let started: Promise<void> | null = null;
  async function begin(): Promise<void> {
    const url = environment.currentUrl();
    try {
      if (isRedirectCallback(url.search)) {
        const { appState } = await client.handleRedirectCallback(url.href);
        const replaced = environment.replaceUrl(safeReturnTo(appState?.returnTo, url.pathname));
        if (replaced === "leaving") return;
        // The app is on its return page before it hears it is signed in, so a page that
        // redirects signed-in users (like /) never sees the moment in between.
        await replaced;
      } else {
        // Resolves quietly when there is no session (login_required).
        await client.checkSession();
      }
      await signedInOrOut();
    } catch (error) {
      logUnlessProviderAnswered(error);
      dispatch({ type: "failed", message: authErrorMessage(error) });
    }
  }

  return {
    /** The state machine's state; it changes only through the session's own steps. */
    store,
    /** /config.json as the session's loader read it (null when it could not). */
    runtimeConfig: (): Promise<RuntimeConfig | null> => runtimeConfig,
    /** One API client for the whole session: it carries the token while someone is signed in. */
    api: createApiClient({
      getAccessToken: () => (store.getState().status === "authenticated" ? getAccessToken() : Promise.resolve(null)),
    }),
    getAccessToken,

    /**
     * spec 000 §4: handle the provider's redirect, or check the session silently. Once per
     * session: every page that needs the session may ask for it, the provider hears once.
     */
    start: (): Promise<void> => (started ??= begin()),

    login,

    /**
     * After a lost session: signs in again in a popup, so the page and what is on it stay; a
     * browser that blocks the popup gets the redirect, coming back to `returnTo`.
     */
    async signInAgain(returnTo: string): Promise<void> {
      if (!client.loginWithPopup) return login(returnTo);
      try {
        await client.loginWithPopup();
        await signedInOrOut();
      } catch (error) {
        if ((error as { error?: unknown }).error === "popup_open") return login(returnTo);
        logUnlessProviderAnswered(error);
        dispatch({ type: "session-lost", message: authErrorMessage(error) });
      }
    },

    /** Signs out at the provider too, and comes back to the site's origin. */
    async logout(): Promise<void> {
      await client.logout({ logoutParams: { returnTo: environment.origin } });
    },
  };
}
