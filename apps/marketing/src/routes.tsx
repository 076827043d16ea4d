import { RequireAuth } from "@oystar/auth/react";
import { retryOnce } from "@oystar/ui-kit";
import { ErrorScreen } from "@oystar/ui-kit/react";
import type { ReactNode } from "react";
import { Outlet, redirect, useLocation, useRouteError, type RouteObject } from "react-router";
import { SiteLayout } from "./layout/site-layout";
import { pageMetaOf } from "./page-meta";
import { HomePage } from "./pages/home-page";
import { messages } from "./messages";
import { LandingPage } from "./pages/landing-page";

/** spec 000 §2: legacy names of the product keep working, with their query. */
const legacyRedirect =
  (target: string) =>
  ({ request }: { request: Request }) =>
    redirect(`${target}${new URL(request.url).search}`);

/** spec 000 §8: the router's failure screen; a page that did not load offers a reload. */
function RouteError() {
  return <ErrorScreen error={useRouteError()} />;
}

/** Title, description and indexing of every page, from one table (page-meta.ts). */
function PageShell() {
  const page = pageMetaOf(useLocation().pathname);
  return (
    <>
      <title>{page.title}</title>
      <meta name="description" content={page.description} />
      {page.indexable ? null : <meta name="robots" content="noindex" />}
      <Outlet />
    </>
  );
}

/**
 * Pages that show 'Caricamento...' until the session is known (spec 000 §2) and start it when
 * opened; the others are drawn at once and load the session only when an action needs it.
 */
const waitsForSession = { waitsForSession: true };

/** A lazy page that only signed-in users may open. */
const signedInPage = (goTo: (path: string) => void, load: () => Promise<{ Component: () => ReactNode }>) => async () => {
  // A failed download is tried once more (spec 000 §8), then the router's error screen offers a reload.
  const { Component } = await retryOnce(load)();
  return {
    Component: () => (
      <RequireAuth goTo={goTo}>
        <Component />
      </RequireAuth>
    ),
  };
};

/**
 * The route table of spec 000 §2 as data. The landing is eager (first paint); the rest load
 * lazily. `goTo` leaves the app (the assistant, /login from a gate): a full page load.
 */
export const marketingRoutes = (goTo: (path: string) => void): RouteObject[] => [
  {
    element: <PageShell />,
    errorElement: <RouteError />,
    children: siteRoutes(goTo),
  },
];

const siteRoutes = (goTo: (path: string) => void): RouteObject[] => [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { path: "/", handle: waitsForSession, element: <HomePage goTo={goTo} /> },
      { path: "/oystar", element: <LandingPage /> },
      { path: "/oystar-ai", lazy: retryOnce(() => import("./pages/product-page")) },
      { path: "/pigna", loader: legacyRedirect("/oystar") },
      { path: "/pigna-ai", loader: legacyRedirect("/oystar-ai") },
      {
        path: "/subscription",
        lazy: async () => {
          const { SubscriptionPage } = await retryOnce(() => import("./pages/subscription-page"))();
          return { Component: () => <SubscriptionPage goTo={goTo} /> };
        },
      },
      { path: "/enterprise-contact", lazy: retryOnce(() => import("./pages/enterprise-contact-page")) },
      { path: "/contact", lazy: retryOnce(() => import("./pages/contact-page")) },
      { path: "/business-index-request", handle: waitsForSession, lazy: signedInPage(goTo, () => import("./pages/index-request-page")) },
      {
        path: "/success",
        // spec 000 §2: a verification message while authentication loads.
        handle: { ...waitsForSession, loadingDetail: messages.success.verifying },
        lazy: signedInPage(goTo, async () => {
          const { SuccessPage } = await import("./pages/success-page");
          return { Component: () => <SuccessPage goTo={goTo} /> };
        }),
      },
      { path: "*", lazy: retryOnce(() => import("./pages/not-found-page")) },
    ],
  },
  // The welcome screen is a page of its own, without the site's navigation.
  {
    path: "/login",
    errorElement: <RouteError />,
    lazy: async () => {
      const { LoginPage } = await retryOnce(() => import("./pages/login-page"))();
      return { Component: () => <LoginPage goTo={goTo} /> };
    },
  },
];
