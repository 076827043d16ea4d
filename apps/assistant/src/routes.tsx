import { ASSISTANT_PATHS } from "@oystar/api-client";
import { RequireAuth } from "@oystar/auth/react";
import { ErrorScreen } from "@oystar/ui-kit/react";
import type { RouteObject } from "react-router";
import { AssistantLayout } from "./layout/assistant-layout";

/**
 * spec 001 §2: the three modules, each loaded only when opened, for signed-in users only
 * (spec 000 §2). `goTo` leaves the app (to /login or the site), which is a full page load.
 */
export const assistantRoutes = (goTo: (path: string) => void): RouteObject[] => [
  {
    element: (
      <RequireAuth goTo={goTo}>
        <AssistantLayout />
      </RequireAuth>
    ),
    errorElement: <ErrorScreen />,
    children: [
      { path: ASSISTANT_PATHS.chat, lazy: () => import("./pages/chat-page") },
      { path: ASSISTANT_PATHS.debate, lazy: () => import("./pages/debate-page") },
      { path: ASSISTANT_PATHS.rag, lazy: () => import("./pages/rag-page") },
      { path: "*", lazy: () => import("./pages/not-found-page") },
    ],
  },
];
