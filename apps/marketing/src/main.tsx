import "@oystar/ui-kit/styles.css";
import "./marketing.css";
import { isAssistantPath, startWebVitalsReporter } from "@oystar/api-client";
import { deferAuthSession } from "@oystar/auth";
import { AuthProvider } from "@oystar/auth/react";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { goTo } from "./one-origin";
import { resolveLazyRoutes } from "./prerender/resolve-lazy-routes";
import { marketingRoutes } from "./routes";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

const routes = marketingRoutes(goTo);
const session = deferAuthSession(() =>
  import("./auth-loader").then(({ loadSession }) =>
    loadSession({
      currentUrl: () => new URL(window.location.href),
      // After the provider's redirect (to the site's origin), go where the user was going.
      replaceUrl: (path) => {
        if (!isAssistantPath(path)) return router.navigate(path, { replace: true });
        window.location.replace(path);
        return "leaving";
      },
      origin: window.location.origin,
      log: (message, error) => console.warn(message, error),
    }),
  ),
);

// Every page of the site arrives rendered (issue 15): the page's own code is loaded first, so
// that the router's first render is the HTML already on screen, which React then takes over.
const prerendered = root.firstElementChild !== null;
let router: ReturnType<typeof createBrowserRouter>;
void (prerendered ? resolveLazyRoutes(routes, window.location) : Promise.resolve()).then(() => {
  router = createBrowserRouter(routes, prerendered ? { hydrationData: {} } : undefined);
  const app = (
    <StrictMode>
      <AuthProvider session={session} start="on-demand">
        <RouterProvider router={router} />
      </AuthProvider>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
});

// spec 000 §7: the web-vitals reporter loads after the page, never on the first paint's path.
window.addEventListener("load", () => void startWebVitalsReporter({ pathname: () => window.location.pathname }), { once: true });
