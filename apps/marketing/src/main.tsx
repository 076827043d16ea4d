import "@oystar/ui-kit/styles.css";
import "./marketing.css";
// The SDK's token worker is served from this origin: the CSP forbids blob: workers.
import authWorkerUrl from "@auth0/auth0-spa-js/dist/auth0-spa-js.worker.production.js?url";
import { isAssistantPath, startWebVitalsReporter } from "@oystar/api-client";
import { loadAuthSession } from "@oystar/auth";
import { AuthProvider } from "@oystar/auth/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { goTo } from "./one-origin";
import { marketingRoutes } from "./routes";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

const router = createBrowserRouter(marketingRoutes(goTo));
const session = loadAuthSession(
  {
    currentUrl: () => new URL(window.location.href),
    // After the provider's redirect (to the site's origin), go where the user was going.
    replaceUrl: (path) => {
      if (!isAssistantPath(path)) return router.navigate(path, { replace: true });
      window.location.replace(path);
      return "leaving";
    },
    origin: window.location.origin,
    log: (message, error) => console.warn(message, error),
  },
  { workerUrl: authWorkerUrl },
);

createRoot(root).render(
  <StrictMode>
    <AuthProvider session={session}>
      <RouterProvider router={router} />
    </AuthProvider>
  </StrictMode>,
);

// spec 000 §7: the web-vitals reporter loads after the page, never on the first paint's path.
window.addEventListener("load", () => void startWebVitalsReporter({ pathname: () => window.location.pathname }), { once: true });
