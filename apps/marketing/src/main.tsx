import "@oystar/ui-kit/styles.css";
import "./marketing.css";
import { isAssistantPath, startWebVitalsReporter } from "@oystar/api-client";
import { deferAuthSession } from "@oystar/auth";
import { AuthProvider } from "@oystar/auth/react";
import { StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter, useNavigate } from "react-router";
import { goTo } from "./one-origin";
import { SiteRoutes } from "./routes";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

/** Moves within the site without a page load; set once the router is on screen. */
let navigateInSite: ((path: string) => void) | null = null;
function SiteNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateInSite = (path) => void navigate(path, { replace: true });
  }, [navigate]);
  return null;
}

const session = deferAuthSession(() =>
  import("./auth-loader").then(({ loadSession }) =>
    loadSession({
      currentUrl: () => new URL(window.location.href),
      // After the provider's redirect (to the site's origin), go where the user was going.
      replaceUrl: (path) => {
        if (!isAssistantPath(path) && navigateInSite) return navigateInSite(path);
        window.location.replace(path);
        return "leaving";
      },
      origin: window.location.origin,
      log: (message, error) => console.warn(message, error),
    }),
  ),
);

const site = (
  <StrictMode>
    <AuthProvider session={session} start="on-demand">
      <BrowserRouter>
        <SiteNavigator />
        <SiteRoutes goTo={goTo} />
      </BrowserRouter>
    </AuthProvider>
  </StrictMode>
);

// Every page of the site arrives rendered (issue 15): React takes over the HTML on screen; a
// page whose code loads lazily keeps its HTML until that code has arrived.
if (root.firstElementChild) hydrateRoot(root, site);
else createRoot(root).render(site);

// spec 000 §7: the web-vitals reporter loads after the page, never on the first paint's path.
window.addEventListener("load", () => void startWebVitalsReporter({ pathname: () => window.location.pathname }), { once: true });
