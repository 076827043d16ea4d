import { describe, expect, test, vi } from "vitest";
import { createAuthSession, type IdentityClient } from "./auth-session";
import { authErrorMessage, isRedirectCallback, safeReturnTo } from "./auth-state";

/** A scripted identity client: the session's own logic is under test, not the SDK's. */
function scriptedClient(overrides: Partial<IdentityClient> = {}): IdentityClient {
  return {
    handleRedirectCallback: vi.fn(async () => ({ appState: { returnTo: "/chat" } })),
    checkSession: vi.fn(async () => {}),
    isAuthenticated: vi.fn(async () => true),
    getUser: vi.fn(async () => ({ sub: "oystar-dev|free@oystar.test", email: "free@oystar.test", name: "Utente Free" })),
    getTokenSilently: vi.fn(async () => "access-token"),
    loginWithRedirect: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    ...overrides,
  };
}

function sessionAt(url: string, client: IdentityClient) {
  const replaceUrl = vi.fn();
  const session = createAuthSession(client, { currentUrl: () => new URL(url), replaceUrl, origin: "https://oystar.example" });
  return { session, replaceUrl };
}

describe("start", () => {
  test("is loading first, then authenticated after a silent check", async () => {
    const client = scriptedClient();
    const { session, replaceUrl } = sessionAt("https://oystar.example/chat", client);
    expect(session.store.getState()).toEqual({ status: "loading" });
    await session.start();
    expect(client.checkSession).toHaveBeenCalledOnce();
    expect(client.handleRedirectCallback).not.toHaveBeenCalled();
    expect(replaceUrl).not.toHaveBeenCalled();
    expect(session.store.getState()).toMatchObject({
      status: "authenticated",
      user: { email: "free@oystar.test", username: "Utente Free" },
    });
  });

  test("without a session it is unauthenticated", async () => {
    const { session } = sessionAt("https://oystar.example/", scriptedClient({ isAuthenticated: vi.fn(async () => false) }));
    await session.start();
    expect(session.store.getState()).toEqual({ status: "unauthenticated" });
  });

  test("a redirect callback is handled and the URL replaced with the kept returnTo", async () => {
    const client = scriptedClient();
    const { session, replaceUrl } = sessionAt("https://oystar.example/?code=abc&state=xyz", client);
    await session.start();
    expect(client.handleRedirectCallback).toHaveBeenCalledWith("https://oystar.example/?code=abc&state=xyz");
    expect(replaceUrl).toHaveBeenCalledWith("/chat");
    expect(session.store.getState().status).toBe("authenticated");
  });

  test("without a returnTo the URL is replaced with the current path", async () => {
    const client = scriptedClient({ handleRedirectCallback: vi.fn(async () => ({})) });
    const { session, replaceUrl } = sessionAt("https://oystar.example/success?code=abc&state=xyz", client);
    await session.start();
    expect(replaceUrl).toHaveBeenCalledWith("/success");
  });

  test("a state mismatch is the spec's 'Invalid state' error", async () => {
    const client = scriptedClient({
      handleRedirectCallback: vi.fn(async () => {
        throw Object.assign(new Error("Invalid state"), { error: "state_mismatch" });
      }),
    });
    const { session } = sessionAt("https://oystar.example/?code=abc&state=forged", client);
    await session.start();
    expect(session.store.getState()).toEqual({ status: "error", message: "Invalid state" });
  });

  test("a provider error in the callback shows the provider's message", async () => {
    const client = scriptedClient({
      handleRedirectCallback: vi.fn(async () => {
        throw Object.assign(new Error("x"), { error: "access_denied", error_description: "Please verify your email before logging in." });
      }),
    });
    const { session } = sessionAt("https://oystar.example/?error=access_denied&state=s", client);
    await session.start();
    expect(session.store.getState()).toEqual({ status: "error", message: "Please verify your email before logging in." });
  });
});

test("when the return address is another app's page, this page stays loading while it leaves", async () => {
  const client = scriptedClient();
  const replaceUrl = vi.fn((): "leaving" => "leaving");
  const session = createAuthSession(client, {
    currentUrl: () => new URL("https://oystar.example/?code=abc&state=xyz"),
    replaceUrl,
    origin: "https://oystar.example",
  });
  await session.start();
  expect(replaceUrl).toHaveBeenCalledWith("/chat");
  expect(session.store.getState()).toEqual({ status: "loading" });
});

describe("actions", () => {
  test("login keeps a safe returnTo in the app state", async () => {
    const client = scriptedClient();
    const { session } = sessionAt("https://oystar.example/login", client);
    await session.login("/chat");
    expect(client.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: "/chat" } });
    await session.login("https://evil.example/");
    expect(client.loginWithRedirect).toHaveBeenLastCalledWith({ appState: { returnTo: "/" } });
  });

  test("logout returns to the site's origin", async () => {
    const client = scriptedClient();
    const { session } = sessionAt("https://oystar.example/chat", client);
    await session.logout();
    expect(client.logout).toHaveBeenCalledWith({ logoutParams: { returnTo: "https://oystar.example" } });
  });

  test("the token getter gives the access token", async () => {
    const { session } = sessionAt("https://oystar.example/chat", scriptedClient());
    await expect(session.getAccessToken()).resolves.toBe("access-token");
  });

  test("login_required while getting a token signs out silently and rethrows", async () => {
    const failure = Object.assign(new Error("Login required"), { error: "login_required" });
    const { session } = sessionAt(
      "https://oystar.example/chat",
      scriptedClient({ getTokenSilently: vi.fn(async () => Promise.reject(failure)) }),
    );
    await session.start();
    await expect(session.getAccessToken()).rejects.toBe(failure);
    // Signed in until then, on this page: the session is lost, the page is kept (spec 001 §2).
    expect(session.store.getState()).toEqual({ status: "unauthenticated", sessionLost: true });
  });

  test("what is logged: a failure nobody answered, never login_required or a refusal the provider explained", async () => {
    const logged: string[] = [];
    const log = (message: string, error: unknown) => logged.push(`${message}: ${(error as Error).message}`);
    const loginRequired = Object.assign(new Error("Login required"), { error: "login_required" });
    const networkDown = new Error("Failed to fetch");
    let tokenFailure: Error = loginRequired;
    const client = scriptedClient({
      getTokenSilently: vi.fn(async () => Promise.reject(tokenFailure)),
      handleRedirectCallback: vi.fn(async () => {
        throw Object.assign(new Error("refused"), { error: "access_denied", error_description: "Verifica il tuo indirizzo email." });
      }),
    });
    const session = createAuthSession(client, {
      currentUrl: () => new URL("https://oystar.example/?error=access_denied&state=s"),
      replaceUrl: vi.fn(),
      origin: "https://oystar.example",
      log,
    });
    await session.start();
    await expect(session.getAccessToken()).rejects.toBe(loginRequired);
    expect(logged).toEqual([]);
    tokenFailure = networkDown;
    await expect(session.getAccessToken()).rejects.toBe(networkDown);
    expect(logged).toEqual(["Get access token failed: Failed to fetch"]);
  });

  test("the session's one API client carries the token only while someone is signed in", async () => {
    const sent: Array<string | null> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new Headers(init?.headers).get("Authorization"));
        return Response.json({ status: "ok" });
      }),
    );
    try {
      const client = scriptedClient();
      const { session } = sessionAt("https://oystar.example/chat", client);
      await session.api.raw("/api/plans");
      await session.start();
      await session.api.raw("/api/me");
      expect(sent).toEqual([null, "Bearer access-token"]);
      expect(client.getTokenSilently).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test("subscribers hear every change", async () => {
    const { session } = sessionAt("https://oystar.example/chat", scriptedClient());
    const listener = vi.fn();
    session.store.subscribe(listener);
    await session.start();
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe("rules", () => {
  test("a callback has code and state, or an error", () => {
    expect(isRedirectCallback("?code=a&state=b")).toBe(true);
    expect(isRedirectCallback("?error=login_required&state=b")).toBe(true);
    expect(isRedirectCallback("?code=a")).toBe(false);
    expect(isRedirectCallback("?plan=pro")).toBe(false);
  });

  test("only same-site paths are return addresses", () => {
    expect(safeReturnTo("/chat")).toBe("/chat");
    expect(safeReturnTo("/subscription?plan=pro")).toBe("/subscription?plan=pro");
    expect(safeReturnTo("//evil.example")).toBe("/");
    expect(safeReturnTo("https://evil.example")).toBe("/");
    expect(safeReturnTo(null, "/chat")).toBe("/chat");
  });

  test("the SDK's errors map to the spec's catalogue", () => {
    expect(authErrorMessage({ error: "timeout" })).toBe("Timeout");
    expect(authErrorMessage({ error: "cancelled" })).toBe("Popup closed");
    expect(authErrorMessage({ error: "missing_transaction" })).toBe("Invalid state");
    expect(authErrorMessage(new Error("boom"))).toBe("Login failed");
  });
});

// spec 001 §2 (issue 14 §6): signing in again after the session was lost inside the assistant.
describe("a lost session", () => {
  const loginRequired = Object.assign(new Error("Login required"), { error: "login_required" });

  async function lostSession(overrides: Partial<IdentityClient>) {
    let tokenWorks = true;
    const client = scriptedClient({
      getTokenSilently: vi.fn(async () => (tokenWorks ? "access-token" : Promise.reject(loginRequired))),
      ...overrides,
    });
    const { session } = sessionAt("https://oystar.example/chat", client);
    await session.start();
    tokenWorks = false;
    await session.getAccessToken().catch(() => {});
    expect(session.store.getState()).toEqual({ status: "unauthenticated", sessionLost: true });
    return { session, client };
  }

  test("signing in again in a popup brings the user back, with no redirect", async () => {
    const { session, client } = await lostSession({ loginWithPopup: vi.fn(async () => {}) });
    await session.signInAgain("/chat");
    expect(client.loginWithPopup).toHaveBeenCalledOnce();
    expect(client.loginWithRedirect).not.toHaveBeenCalled();
    expect(session.store.getState()).toMatchObject({ status: "authenticated", user: { email: "free@oystar.test" } });
  });

  test("a blocked popup falls back to the redirect, back to the same page", async () => {
    const blocked = Object.assign(new Error("Unable to open a popup"), { error: "popup_open" });
    const { session, client } = await lostSession({ loginWithPopup: vi.fn(async () => Promise.reject(blocked)) });
    await session.signInAgain("/chat?x=1");
    expect(client.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: "/chat?x=1" } });
  });

  test("a closed popup keeps the card, saying why", async () => {
    const closed = Object.assign(new Error("Popup closed"), { error: "cancelled" });
    const { session } = await lostSession({ loginWithPopup: vi.fn(async () => Promise.reject(closed)) });
    await session.signInAgain("/chat");
    expect(session.store.getState()).toEqual({ status: "unauthenticated", sessionLost: true, message: "Popup closed" });
  });

  test("calls failing together leave the session lost, not signed out", async () => {
    const { session } = await lostSession({});
    await session.getAccessToken().catch(() => {});
    expect(session.store.getState()).toEqual({ status: "unauthenticated", sessionLost: true });
  });

  test("a visitor never signed in here is simply signed out", async () => {
    const { session } = sessionAt(
      "https://oystar.example/chat",
      scriptedClient({ isAuthenticated: vi.fn(async () => false), getTokenSilently: vi.fn(async () => Promise.reject(loginRequired)) }),
    );
    await session.start();
    await session.getAccessToken().catch(() => {});
    expect(session.store.getState()).toEqual({ status: "unauthenticated" });
  });
});
