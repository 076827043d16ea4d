import { createAuthSession, type IdentityClient } from "@oystar/auth";
import { AuthProvider } from "@oystar/auth/react";
import { render } from "@testing-library/react";
import { MemoryRouter, useLocation, type Location } from "react-router";
import { vi } from "vitest";
import { SiteRoutes } from "../routes";

/** The identity provider, scripted at the SDK boundary: signed in as `email`, or signed out. */
export function identity(email: string | null): IdentityClient {
  return {
    handleRedirectCallback: async () => ({}),
    checkSession: async () => {},
    isAuthenticated: vi.fn(async () => email !== null),
    getUser: async () => ({ sub: "s", email }),
    getTokenSilently: async () => "token",
    loginWithRedirect: vi.fn(async () => {}),
    logout: async () => {},
  };
}

/** The marketing app's real routes at `path`, with a session over `client`. */
export function renderSite(path: string, options: { client?: IdentityClient; email?: string | null; goTo?: (path: string) => void } = {}) {
  const client = options.client ?? identity(options.email === undefined ? "business@oystar.test" : options.email);
  const goTo = options.goTo ?? vi.fn();
  const session = createAuthSession(client, {
    currentUrl: () => new URL(`http://localhost${path}`),
    replaceUrl: () => {},
    origin: "http://localhost",
  });
  let current: Location | null = null;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  render(
    <AuthProvider session={session} start="on-demand">
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <SiteRoutes goTo={goTo} />
      </MemoryRouter>
    </AuthProvider>,
  );
  /** Where the site is now: path and query. */
  const location = () => `${current?.pathname ?? ""}${current?.search ?? ""}`;
  return { location, goTo, client };
}
