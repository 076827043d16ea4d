import { createApiClient } from "@oystar/api-client";
import { createStore } from "zustand/vanilla";
import type { AuthSession } from "./auth-session";
import { authErrorMessage, authTransition, initialAuthState, type AuthState } from "./auth-state";

/**
 * A session whose code loads only when a page first needs it (issue 15): public pages draw and
 * become interactive without the identity provider's SDK or the schemas that read /config.json.
 * Until `start()` (or a sign-in) asks for it, nothing is downloaded and the state stays
 * 'loading'; then the real session is loaded, its state mirrored here, and every call handed on.
 */
export function deferAuthSession(load: () => Promise<AuthSession>): AuthSession {
  const store = createStore<AuthState>()(() => initialAuthState);
  let loading: Promise<AuthSession> | null = null;
  let runtimeConfig: ReturnType<AuthSession["runtimeConfig"]> | null = null;

  const session = (): Promise<AuthSession> =>
    (loading ??= load().then(
      (real) => {
        store.setState(real.store.getState(), true);
        real.store.subscribe((state) => store.setState(state, true));
        return real;
      },
      (error: unknown) => {
        // The session's code did not download: say so as a failed sign-in would.
        store.setState(authTransition(store.getState(), { type: "failed", message: authErrorMessage(error) }), true);
        throw error;
      },
    ));

  return {
    store,
    // Asking for it loads the session (a page that only shows the session never does).
    runtimeConfig: () => (runtimeConfig ??= session().then((real) => real.runtimeConfig())),
    // Public calls (forms, plans) need no session; a token is sent once someone is signed in.
    api: createApiClient({
      getAccessToken: () =>
        store.getState().status === "authenticated" ? session().then((real) => real.getAccessToken()) : Promise.resolve(null),
    }),
    getAccessToken: () => session().then((real) => real.getAccessToken()),
    // A session whose code did not download says so in its state (above); the pages that start
    // it or sign in from it read that state, so these never reject.
    start: () =>
      session().then(
        (real) => real.start(),
        () => undefined,
      ),
    login: (returnTo) =>
      session().then(
        (real) => real.login(returnTo),
        () => undefined,
      ),
    signInAgain: (returnTo) => session().then((real) => real.signInAgain(returnTo)),
    logout: () => session().then((real) => real.logout()),
  };
}
