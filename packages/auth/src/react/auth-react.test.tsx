import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { createAuthSession, type IdentityClient } from "../auth-session";
import { AuthProvider, useAuth } from "./auth-context";
import { AuthErrorScreen, WelcomeScreen } from "./auth-screens";
import { RequireAuth } from "./require-auth";

function sessionWith(signedIn: boolean) {
  const client: IdentityClient = {
    handleRedirectCallback: async () => ({}),
    checkSession: async () => {},
    isAuthenticated: async () => signedIn,
    getUser: async () => ({ sub: "u1", email: "business@oystar.test" }),
    getTokenSilently: async () => "t",
    loginWithRedirect: async () => {},
    logout: async () => {},
  };
  return createAuthSession(client, {
    currentUrl: () => new URL("https://o.example/chat"),
    replaceUrl: () => {},
    origin: "https://o.example",
  });
}

/** The gate as a route element, at `path`, as the apps use it. */
function gatedAt(path: string, gate: ReactNode) {
  return <RouterProvider router={createMemoryRouter([{ path: "/chat", element: gate }], { initialEntries: [path] })} />;
}

function WhoAmI() {
  const auth = useAuth();
  return <p>{auth.status === "authenticated" ? auth.user.email : auth.status}</p>;
}

test("signed-in content shows once the session is known", async () => {
  render(
    <AuthProvider session={sessionWith(true)}>
      {gatedAt(
        "/chat",
        <RequireAuth goTo={() => {}}>
          <WhoAmI />
        </RequireAuth>,
      )}
    </AuthProvider>,
  );
  expect(screen.getByText("Caricamento...")).toBeInTheDocument();
  expect(await screen.findByText("business@oystar.test")).toBeInTheDocument();
});

test("a signed-out visitor is sent to /login, keeping where they were going", async () => {
  const goTo = vi.fn();
  render(
    <AuthProvider session={sessionWith(false)}>
      {gatedAt(
        "/chat?x=1",
        <RequireAuth goTo={goTo}>
          <WhoAmI />
        </RequireAuth>,
      )}
    </AuthProvider>,
  );
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("/login?returnTo=%2Fchat%3Fx%3D1"));
  expect(screen.queryByText("business@oystar.test")).not.toBeInTheDocument();
});

test("the error screen offers 'Vai al Login' when the message is about the email", async () => {
  const goTo = vi.fn();
  render(<AuthErrorScreen message="Please verify your email before logging in." goTo={goTo} />);
  await userEvent.click(screen.getByRole("button", { name: "Vai al Login" }));
  expect(goTo).toHaveBeenCalledWith("/login");
});

test("otherwise it shows the default message and 'Ricarica Pagina' to the site root", async () => {
  const goTo = vi.fn();
  render(<AuthErrorScreen goTo={goTo} />);
  expect(screen.getByRole("heading", { name: "Problema di autenticazione. Riprova più tardi." })).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Ricarica Pagina" }));
  expect(goTo).toHaveBeenCalledWith("/");
});

test("the welcome screen's ACCEDI starts the login", async () => {
  const onLogin = vi.fn();
  render(<WelcomeScreen onLogin={onLogin} />);
  expect(screen.getByRole("heading", { level: 1, name: "Benvenuto in OYSTAR" })).toBeInTheDocument();
  expect(screen.getByText("La tua AI privata e sicura. La registrazione è automatica al primo accesso.")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "ACCEDI" }));
  expect(onLogin).toHaveBeenCalledOnce();
  expect(screen.getByRole("contentinfo")).toHaveTextContent("OYSTAR");
});
