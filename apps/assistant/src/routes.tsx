import type { RouteObject } from "react-router";
import { SignedInLayout } from "./layout/signed-in-layout";
import { ErrorScreen } from "@oystar/ui-kit/react";

/**
 * spec 001 §2: the three modules, each loaded only when opened. `goTo` leaves the app (to
 * /login or the site), which is a full page load.
 */
export const assistantRoutes = (goTo: (path: string) => void): RouteObject[] => [
  {
    element: <SignedInLayout goTo={goTo} />,
    errorElement: <ErrorScreen />,
    children: [
      { path: "/chat", lazy: () => import("./pages/chat-page") },
      { path: "/debate", lazy: () => import("./pages/debate-page") },
      { path: "/rag", lazy: () => import("./pages/rag-page") },
      { path: "*", lazy: () => import("./pages/not-found-page") },
    ],
  },
];
