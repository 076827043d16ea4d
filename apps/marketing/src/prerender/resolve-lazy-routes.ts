import { matchRoutes, type RouteObject } from "react-router";

/**
 * Loads the code of the routes that match `location` and writes it into the route objects, so
 * the router's first render on a prerendered page is the page itself (not a loading fallback)
 * and React can take over the HTML as it is. Other routes stay lazy.
 */
export async function resolveLazyRoutes(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const properties = await route.lazy();
      Object.assign(route, properties);
      delete route.lazy;
    }),
  );
}
