import type { RouteObject } from "react-router";
import { AssistantLayout } from "./layout/assistant-layout";
import { ErrorScreen } from "@oystar/ui-kit/react";

// spec 001 §2: the three modules, each loaded only when opened.
export const routes: RouteObject[] = [
  {
    element: <AssistantLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { path: "/chat", lazy: () => import("./pages/chat-page") },
      { path: "/debate", lazy: () => import("./pages/debate-page") },
      { path: "/rag", lazy: () => import("./pages/rag-page") },
      { path: "*", lazy: () => import("./pages/not-found-page") },
    ],
  },
];
