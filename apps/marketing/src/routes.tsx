import { redirect, type RouteObject } from "react-router";
import { SiteLayout } from "./layout/site-layout";
import { LandingPage } from "./pages/landing-page";
import { ErrorScreen } from "@oystar/ui-kit/react";

/** spec 000 §2: legacy names of the product keep working, with their query. */
const legacyRedirect =
  (target: string) =>
  ({ request }: { request: Request }) =>
    redirect(`${target}${new URL(request.url).search}`);

// The route table of spec 000 §2 as data. The landing is eager (first paint); the rest load lazily.
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { path: "/", element: <LandingPage /> },
      { path: "/oystar", element: <LandingPage /> },
      { path: "/oystar-ai", lazy: () => import("./pages/product-page") },
      { path: "/pigna", loader: legacyRedirect("/oystar") },
      { path: "/pigna-ai", loader: legacyRedirect("/oystar-ai") },
      { path: "/login", lazy: () => import("./pages/login-page") },
      { path: "/subscription", lazy: () => import("./pages/subscription-page") },
      { path: "/enterprise-contact", lazy: () => import("./pages/enterprise-contact-page") },
      { path: "/business-index-request", lazy: () => import("./pages/index-request-page") },
      { path: "/success", lazy: () => import("./pages/success-page") },
      { path: "*", lazy: () => import("./pages/not-found-page") },
    ],
  },
];
