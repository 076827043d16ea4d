import { ASSISTANT_PATHS } from "@oystar/api-client";
import { RequireAuth } from "@oystar/auth/react";
import { retryOnce } from "@oystar/ui-kit";
import { ErrorScreen, LoadingScreen } from "@oystar/ui-kit/react";
import { useRouteError, type RouteObject } from "react-router";
import { AssistantLayout } from "./layout/assistant-layout";

/** spec 000 §8: the router's failure screen; a module that did not load offers a reload. */
function RouteError() {
  return <ErrorScreen error={useRouteError()} />;
}

/**
 * spec 001 §2: the three modules, and 'Il mio account' (issue 36 §8), each loaded only when
 * opened, for signed-in users only (spec 000 §2). `goTo` leaves the app (to /login or the site), which is a full page load.
 */
export const assistantRoutes = (goTo: (path: string) => void): RouteObject[] => [
  {
    element: (
      <RequireAuth goTo={goTo}>
        <AssistantLayout />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    // Issue 52 §7: what shows while the first page's module loads (spec 000 §2, 'Caricamento...');
    // without it the router warned 'No HydrateFallback element provided' on every page.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      // Issue 50 §2: each conversation at its own address (`/chat/:id` …); one route per module, so
      // going from the bare module to a conversation keeps the screen (and its answer in progress).
      { path: `${ASSISTANT_PATHS.chat}/:id?`, lazy: retryOnce(() => import("./pages/chat-page")) },
      { path: `${ASSISTANT_PATHS.debate}/:id?`, lazy: retryOnce(() => import("./pages/debate-page")) },
      { path: `${ASSISTANT_PATHS.rag}/:id?`, lazy: retryOnce(() => import("./pages/rag-page")) },
      // Issue 48: /rag/documenti, a static path, ranks before /rag/:id — it is never a conversation's id.
      { path: ASSISTANT_PATHS.library, lazy: retryOnce(() => import("./pages/library-page")) },
      { path: ASSISTANT_PATHS.account, lazy: retryOnce(() => import("./account/account-page")) },
      { path: "*", lazy: retryOnce(() => import("./pages/not-found-page")) },
    ],
  },
];
