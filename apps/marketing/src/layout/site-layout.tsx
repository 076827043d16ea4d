import { ASSISTANT_PATHS } from "@oystar/api-client";
import { useAuth } from "@oystar/auth/react";
import { buttonClassName } from "@oystar/ui-kit";
import { LoadingScreen, ThemeSwitch } from "@oystar/ui-kit/react";
import { lazy, Suspense } from "react";
import { Link, Outlet } from "react-router";
import { messages, SUPPORT_EMAIL } from "../messages";
import { AccountDeletedNotice } from "./account-deleted-notice";
import { SellerLine } from "../seller/seller-details";

// The signed-in user's plan: its code loads only when someone is signed in (issue 15's budget).
const PlanLink = lazy(() => import("./plan-link").then((module) => ({ default: module.PlanLink })));

/** Navigation and footer around every marketing page (spec 000 §2). */
export function SiteLayout({ waitsForSession = false, loadingDetail }: { waitsForSession?: boolean; loadingDetail?: string }) {
  // Public pages are drawn at once, before any sign-in code has loaded (issue 15); pages that
  // depend on who is signed in start the session and, as spec 000 §2 asks, show 'Caricamento...'
  // until it is known — with what is being checked, when the page says.
  const auth = useAuth({ start: waitsForSession });
  if (waitsForSession && auth.status === "loading") return <LoadingScreen detail={loadingDetail} />;
  return (
    <div className="site">
      <a className="skip-link" href="#contenuto">
        Vai al contenuto
      </a>
      <header className="site-header">
        <Link to="/oystar" className="site-brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          {messages.productName}
        </Link>
        <nav aria-label={messages.nav.label} className="site-nav">
          <Link to="/subscription">{messages.nav.prices}</Link>
          {/* spec 000 §2: the navigation's contacts lead to the Enterprise quote form; the
              general contact form (/contact) is the footer's 'Supporto'. */}
          <Link to="/enterprise-contact">{messages.nav.contacts}</Link>
          {/* Issue 36 §7: 'Tema' — Automatico, Chiaro, Scuro; the choice holds in the assistant too. */}
          <ThemeSwitch />
          <AccountLinks signedIn={auth.status === "authenticated"} />
        </nav>
      </header>
      <main id="contenuto" className="site-main">
        <AccountDeletedNotice />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * The header's way into the product. A visitor is asked to start ('Inizia ora'); a signed-in user
 * sees the plan the server says they hold (issue 36 §6) and goes straight to the chat.
 */
function AccountLinks({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      {signedIn ? (
        <Suspense fallback={null}>
          <PlanLink />
        </Suspense>
      ) : null}
      {/* /chat belongs to the assistant app: a full page load, not a router link. */}
      <a href={ASSISTANT_PATHS.chat} className={buttonClassName({ size: "sm" })}>
        {signedIn ? messages.nav.openChat : messages.nav.startNow}
      </a>
    </>
  );
}

function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <div>
          <h2 className="site-footer__heading">{messages.footer.modules}</h2>
          <ul>
            {messages.modules.map((module) => (
              <li key={module.href}>
                <a href={module.href}>{module.name}</a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">{messages.footer.company}</h2>
          <ul>
            <li>
              <Link to="/subscription">{messages.footer.plans}</Link>
            </li>
            <li>
              <Link to="/enterprise-contact">{messages.footer.contactSales}</Link>
            </li>
            <li>
              <Link to="/contact">{messages.footer.support}</Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">{messages.footer.legalHeading}</h2>
          <ul>
            {messages.footer.legal.map(({ label, href }) => (
              <li key={href} lang="en">
                <Link to={href}>{label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <SellerLine />
      <p className="site-footer__copyright">{messages.footer.copyright(new Date().getFullYear())}</p>
    </footer>
  );
}
