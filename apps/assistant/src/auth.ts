// The SDK's token worker is served from this origin: the CSP forbids blob: workers.
import authWorkerUrl from "@auth0/auth0-spa-js/dist/auth0-spa-js.worker.production.js?url";
import { loadAuthSession } from "@oystar/auth";

/** Pages outside this app (the site, /login) are full page loads. */
export const goTo = (path: string) => window.location.assign(path);

export const session = loadAuthSession(
  {
    currentUrl: () => new URL(window.location.href),
    replaceUrl: (path) => window.history.replaceState(null, "", path),
    origin: window.location.origin,
    log: (message, error) => console.warn(message, error),
  },
  { workerUrl: authWorkerUrl },
);
