import { deferAuthSession } from "@oystar/auth";
import { AuthProvider } from "@oystar/auth/react";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { marketingRoutes } from "../routes";

export { NOT_FOUND_PAGE, PAGES } from "../page-meta";

// At build time nobody is signed in and nothing is being checked: every page is rendered as it
// looks before the session is known, which is also how it looks in the browser until then.
const noSessionYet = deferAuthSession(() => new Promise(() => undefined));
const leaveNowhere = () => undefined;

/**
 * The HTML of one page of the site (issue 15), built by scripts/prerender.mjs into dist/ and
 * taken over in the browser by main.tsx's hydrateRoot. React writes the page's <title> and
 * <meta> tags first; the script moves them into <head>.
 */
export async function renderPage(path: string): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(marketingRoutes(leaveNowhere));
  const context = await query(new Request(new URL(path, "http://oystar.invalid")));
  if (context instanceof Response) throw new Error(`${path} risponde con un redirect: non è una pagina da prerenderizzare`);
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AuthProvider session={noSessionYet} start="on-demand">
        {/* No inline hydration script: the CSP allows none, and these pages have no loader data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AuthProvider>
    </StrictMode>,
  );
}
