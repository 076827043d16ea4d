import { RequireAuth } from "@oystar/auth/react";
import { retryOnce } from "@oystar/ui-kit";
import { ErrorScreen } from "@oystar/ui-kit/react";
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Navigate, Outlet, Route, Routes, useLocation } from "react-router";
import { SiteLayout } from "./layout/site-layout";
import { messages } from "./messages";
import { pageMetaOf } from "./page-meta";
import { HomePage } from "./pages/home-page";
import { LandingPage } from "./pages/landing-page";

// The route table of spec 000 §2. Declarative routes (not a data router): the site's pages need
// no loaders, and the data router alone weighed ~18 KiB gzip of the landing's first load (issue 15).

type Leave = { goTo: (path: string) => void };

/**
 * A page whose code loads when it is opened. A failed download is tried once more (spec 000 §8),
 * then the error screen offers a reload. On a prerendered page React keeps the HTML it was sent
 * until the code has arrived, then takes it over.
 */
const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) => lazy(retryOnce(async () => ({ default: await load() })));

const ProductPage = lazyPage(() => import("./pages/product-page").then((module) => module.ProductPage));
const SubscriptionPage = lazyPage<Leave>(() => import("./pages/subscription-page").then((module) => module.SubscriptionPage));
const EnterpriseContactPage = lazyPage(() => import("./pages/enterprise-contact-page").then((module) => module.EnterpriseContactPage));
const ContactPage = lazyPage(() => import("./pages/contact-page").then((module) => module.ContactPage));
const IndexRequestPage = lazyPage(() => import("./pages/index-request-page").then((module) => module.IndexRequestPage));
const SuccessPage = lazyPage<Leave>(() => import("./pages/success-page").then((module) => module.SuccessPage));
const LoginPage = lazyPage<Leave>(() => import("./pages/login-page").then((module) => module.LoginPage));
const NotFoundPage = lazyPage(() => import("./pages/not-found-page").then((module) => module.NotFoundPage));
const PrivacyPage = lazyPage(() => import("./pages/legal/legal-pages").then((module) => module.PrivacyPage));
const TermsPage = lazyPage(() => import("./pages/legal/legal-pages").then((module) => module.TermsPage));
const CookiePage = lazyPage(() => import("./pages/legal/legal-pages").then((module) => module.CookiePage));

/** spec 000 §8: the failure screen; a page that did not load offers a reload. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Errore") };
  }
  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** Title, description and indexing of every page, from one table (page-meta.ts). */
function PageShell() {
  const page = pageMetaOf(useLocation().pathname);
  return (
    <>
      <title>{page.title}</title>
      <meta name="description" content={page.description} />
      {page.indexable ? null : <meta name="robots" content="noindex" />}
      <PageErrorBoundary>
        {/* No fallback to see: navigations keep the page on screen until the next one has loaded. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </>
  );
}

/** spec 000 §2: legacy names of the product keep working, with their query. */
function LegacyRedirect({ to }: { to: string }) {
  return <Navigate to={`${to}${useLocation().search}`} replace />;
}

/**
 * The site. Pages in the first group are drawn at once; those in the others depend on who is
 * signed in and show 'Caricamento...' until the session is known (spec 000 §2, with what is
 * being checked on /success). `goTo` leaves the app (the assistant, /login from a gate): a full
 * page load.
 */
export function SiteRoutes({ goTo }: Leave) {
  return (
    <Routes>
      <Route element={<PageShell />}>
        <Route element={<SiteLayout />}>
          <Route path="/oystar" element={<LandingPage />} />
          <Route path="/oystar-ai" element={<ProductPage />} />
          <Route path="/pigna" element={<LegacyRedirect to="/oystar" />} />
          <Route path="/pigna-ai" element={<LegacyRedirect to="/oystar-ai" />} />
          <Route path="/subscription" element={<SubscriptionPage goTo={goTo} />} />
          <Route path="/enterprise-contact" element={<EnterpriseContactPage />} />
          <Route path="/contact" element={<ContactPage />} />
          {/* Issue 36 §8: the footer's legal labels open these (messages.ts, LEGAL_PATHS). */}
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/termini" element={<TermsPage />} />
          <Route path="/cookie" element={<CookiePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route element={<SiteLayout waitsForSession />}>
          <Route path="/" element={<HomePage goTo={goTo} />} />
          <Route
            path="/business-index-request"
            element={
              <RequireAuth goTo={goTo}>
                <IndexRequestPage />
              </RequireAuth>
            }
          />
        </Route>
        <Route element={<SiteLayout waitsForSession loadingDetail={messages.success.verifying} />}>
          <Route
            path="/success"
            element={
              <RequireAuth goTo={goTo}>
                <SuccessPage goTo={goTo} />
              </RequireAuth>
            }
          />
        </Route>
        {/* The welcome screen is a page of its own, without the site's navigation. */}
        <Route path="/login" element={<LoginPage goTo={goTo} />} />
      </Route>
    </Routes>
  );
}
