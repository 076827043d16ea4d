import type { RouteObject } from "react-router";
import { AssistantLayout } from "./layout/assistant-layout";
import { RouteErrorPage } from "./pages/route-error-page";

// spec 001 §2: the three modules, each loaded only when opened.
export const routes: RouteObject[] = [
  {
    element: <AssistantLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: "/chat", lazy: () => import("./pages/chat-page") },
      { path: "/debate", lazy: () => import("./pages/debate-page") },
      { path: "/rag", lazy: () => import("./pages/rag-page") },
      { path: "*", lazy: () => import("./pages/not-found-page") },
    ],
  },
];
