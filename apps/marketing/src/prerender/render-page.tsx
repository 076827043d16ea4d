import { deferAuthSession } from "@oystar/auth";
import { AuthProvider } from "@oystar/auth/react";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { SiteRoutes } from "../routes";

export { NOT_FOUND_PAGE, PAGES } from "../page-meta";

// At build time nobody is signed in and nothing is being checked: every page is rendered as it
// looks before the session is known, which is also how it looks in the browser until then.
const noSessionYet = deferAuthSession(() => new Promise(() => undefined));
const leaveNowhere = () => undefined;

/**
 * The HTML of one page of the site (issue 15), built by scripts/prerender.mjs into dist/ and
 * taken over in the browser by main.tsx's hydrateRoot. React's static rendering waits for the
 * lazily loaded pages, so the HTML is complete. React writes the page's <title>, <meta> and
 * preloads first; the script moves them into <head>.
 */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AuthProvider session={noSessionYet} start="on-demand">
        <StaticRouter location={path}>
          <SiteRoutes goTo={leaveNowhere} />
        </StaticRouter>
      </AuthProvider>
    </StrictMode>,
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
