import "@oystar/ui-kit/styles.css";
import "@oystar/conversation/styles.css";
import "@oystar/chat-core/styles.css";
import "@oystar/pdf-tools/styles.css";
import "@oystar/debate-engine/styles.css";
import "@oystar/rag-client/styles.css";
import "./assistant.css";
import { startWebVitalsReporter } from "@oystar/api-client";
import { AuthProvider } from "@oystar/auth/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { goTo, session } from "./auth";
import { assistantRoutes } from "./routes";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

createRoot(root).render(
  <StrictMode>
    <AuthProvider session={session}>
      <RouterProvider router={createBrowserRouter(assistantRoutes(goTo))} />
    </AuthProvider>
  </StrictMode>,
);

// spec 000 §7: the web-vitals reporter loads after the page, never on the first paint's path.
window.addEventListener("load", () => void startWebVitalsReporter({ pathname: () => window.location.pathname }), { once: true });
