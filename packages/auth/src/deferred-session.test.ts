import { expect, test, vi } from "vitest";
import { createAuthSession, type IdentityClient } from "./auth-session";
import { deferAuthSession } from "./deferred-session";

const signedIn: IdentityClient = {
  handleRedirectCallback: async () => ({}),
  checkSession: vi.fn(async () => {}),
  isAuthenticated: async () => true,
  getUser: async () => ({ sub: "oystar-dev|pro@oystar.test", email: "pro@oystar.test", name: "Utente Pro" }),
  getTokenSilently: async () => "access-token",
  loginWithRedirect: vi.fn(async () => {}),
  logout: async () => {},
};

const realSession = (client: IdentityClient) =>
  createAuthSession(client, {
    currentUrl: () => new URL("https://oystar.example/oystar"),
    replaceUrl: () => {},
    origin: "https://oystar.example",
  });

test("nothing is loaded until a page or an action asks; then the real session's state shows", async () => {
  const load = vi.fn(async () => realSession(signedIn));
  const session = deferAuthSession(load);
  expect(session.store.getState()).toEqual({ status: "loading" });
  // A public page's API calls need no session: no token, nothing loaded.
  expect(load).not.toHaveBeenCalled();

  await session.start();
  expect(load).toHaveBeenCalledTimes(1);
  expect(session.store.getState()).toMatchObject({ status: "authenticated", user: { email: "pro@oystar.test" } });
  // Asked again, the provider hears once.
  await session.start();
  expect(load).toHaveBeenCalledTimes(1);
  expect(signedIn.checkSession).toHaveBeenCalledTimes(1);
  expect(await session.getAccessToken()).toBe("access-token");
});

test("a sign-in loads the session and goes to the provider, coming back where asked", async () => {
  const session = deferAuthSession(async () => realSession(signedIn));
  await session.login("/subscription?plan=pro");
  expect(signedIn.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: "/subscription?plan=pro" } });
});

test("sign-in code that does not download is a failed sign-in, said in the state", async () => {
  const session = deferAuthSession(() =>
    Promise.reject(Object.assign(new Error("Failed to fetch dynamically imported module"), { name: "TypeError" })),
  );
  await session.start();
  expect(session.store.getState()).toMatchObject({ status: "error" });
  // Signing in from it does not throw either: the page shows the state.
  await session.login("/chat");
  expect(session.store.getState()).toMatchObject({ status: "error" });
});
