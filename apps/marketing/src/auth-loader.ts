// Loaded on demand (main.tsx): the identity provider's SDK, its token worker and the schemas
// that read /config.json stay off the public pages' first load (issue 15).
// The SDK's token worker is served from this origin: the CSP forbids blob: workers.
import authWorkerUrl from "@auth0/auth0-spa-js/dist/auth0-spa-js.worker.production.js?url";
import { loadAuthSession, type SessionEnvironment } from "@oystar/auth";

export const loadSession = (environment: SessionEnvironment) => loadAuthSession(environment, { workerUrl: authWorkerUrl });
