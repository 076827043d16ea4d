import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { identity, renderSite } from "./test-support/render-site";

function visit(path: string, options: Parameters<typeof renderSite>[1] = {}) {
  return renderSite(path, options);
}

test.each([
  ["/oystar", "L'assistente AI in italiano che rispetta la tua privacy"],
  ["/oystar-ai", "OYSTAR AI"],
  ["/login", "Benvenuto in OYSTAR"],
  ["/subscription", "Piani e prezzi"],
  ["/enterprise-contact", "Richiedi un preventivo Enterprise"],
  ["/contact", "Contattaci"],
  ["/business-index-request", "Richiesta di indicizzazione"],
  ["/success", "Grazie!"],
  ["/privacy", "Informativa sulla privacy"],
  ["/termini", "Termini di servizio"],
  ["/cookie", "Cookie e memoria del browser"],
])("%s shows its page", async (path, heading) => {
  visit(path, { email: path === "/login" ? null : "business@oystar.test" });
  expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
});

test.each([
  ["/pigna", "/oystar"],
  ["/pigna-ai", "/oystar-ai"],
])("the legacy %s lands on %s", async (from, to) => {
  const site = visit(`${from}?ref=vecchio`);
  await screen.findByRole("heading", { level: 1 });
  expect(site.location()).toBe(`${to}?ref=vecchio`);
});

test("an unknown address says the page was not found", async () => {
  visit("/non-esiste");
  expect(await screen.findByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/oystar");
});

test("the success page shows the plan from the query, Base by default", async () => {
  visit("/success?plan=pro");
  expect(await screen.findByText("Piano Pro")).toBeInTheDocument();
});

test("the success page defaults to Base", async () => {
  visit("/success");
  expect(await screen.findByText("Piano Base")).toBeInTheDocument();
});

// The names come from the plan catalogue; checkout never sells Free, so it is not a plan bought.
test.each([
  ["Business", "Piano Business"],
  ["enterprise", "Piano Enterprise"],
  ["free", "Piano Base"],
  ["gold", "Piano Base"],
])("the success page for plan=%s shows '%s'", async (plan, shown) => {
  visit(`/success?plan=${plan}`);
  expect(await screen.findByText(shown)).toBeInTheDocument();
});

test("links into the assistant are full page loads; the footer's three legal labels open their pages", async () => {
  visit("/oystar", { email: null });
  await screen.findByRole("heading", { level: 1 });
  const footer = screen.getByRole("contentinfo");
  // spec 000 §2 names the labels; issue 36 §8 gives them real pages.
  for (const [label, href] of [
    ["Privacy Policy", "/privacy"],
    ["Terms of Service", "/termini"],
    ["Cookie Policy", "/cookie"],
  ] as const) {
    expect(within(footer).getByRole("link", { name: label })).toHaveAttribute("href", href);
  }
  expect(screen.getByRole("link", { name: "Inizia ora" })).toHaveAttribute("href", "/chat");
  // spec 000 §2 (issue 27 §2): 'Contatti' leads to the Enterprise quote form; the footer's 'Supporto'
  // opens the general contact form; the support address stays a mailto link.
  expect(
    within(screen.getByRole("navigation", { name: "Navigazione principale" })).getByRole("link", { name: "Contatti" }),
  ).toHaveAttribute("href", "/enterprise-contact");
  expect(screen.getByRole("link", { name: "Supporto" })).toHaveAttribute("href", "/contact");
  expect(within(footer).getByRole("link", { name: "supporto@oystar.it" })).toHaveAttribute("href", "mailto:supporto@oystar.it");
  for (const href of ["/chat", "/debate", "/rag"]) {
    expect(screen.getAllByRole("link").some((link) => link.getAttribute("href") === href)).toBe(true);
  }
});

test("the root shows the landing to a visitor", async () => {
  visit("/", { email: null });
  expect(
    await screen.findByRole("heading", { level: 1, name: "L'assistente AI in italiano che rispetta la tua privacy" }),
  ).toBeInTheDocument();
});

test("the root sends a signed-in user to /chat", async () => {
  const goTo = vi.fn();
  visit("/", { goTo });
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("/chat"));
});

test.each(["/success?plan=pro", "/business-index-request"])("%s needs sign-in and keeps the way back", async (path) => {
  const goTo = vi.fn();
  visit(path, { email: null, goTo });
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(`/login?returnTo=${encodeURIComponent(path)}`));
});

test("ACCEDI signs in with the return address from the query", async () => {
  const client = identity(null);
  visit("/login?returnTo=%2Fdebate", { client });
  await userEvent.click(await screen.findByRole("button", { name: "ACCEDI" }));
  expect(client.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: "/debate" } });
});

test("a signed-in user on /login goes straight to the return address", async () => {
  const goTo = vi.fn();
  visit("/login?returnTo=%2Frag", { goTo });
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("/rag"));
});

test("after payment /chat opens by itself after 5 seconds", async () => {
  const goTo = vi.fn();
  visit("/success?plan=pro", { goTo });
  expect(await screen.findByText("Tra 5 secondi si apre la chat.")).toBeInTheDocument();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("/chat"), { timeout: 7000 });
  expect(screen.getByRole("link", { name: "Gestisci abbonamento" })).toHaveAttribute("href", "/account");
}, 10_000);

test("while the provider's redirect is finished on /, the root does not jump to /chat", async () => {
  const goTo = vi.fn();
  const client = identity("free@oystar.test");
  visit("/?code=abc&state=xyz", { goTo, client });
  await vi.waitFor(() => expect(client.isAuthenticated).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(goTo).not.toHaveBeenCalledWith("/chat");
  expect(screen.getByText("Caricamento...")).toBeInTheDocument();
});

// spec 000 §2 (issue 14 §1): a refused sign-in lands on / with `error`; it used to stay on 'Caricamento...'.
test.each([
  ["Verifica il tuo indirizzo email prima di accedere.", "Vai al Login", "/login"],
  ["Accesso negato dall'amministratore.", "Ricarica Pagina", "/"],
])("a sign-in the provider refused shows its message on / (%s)", async (description, button, target) => {
  const goTo = vi.fn();
  const client = identity(null);
  client.handleRedirectCallback = async () => {
    throw Object.assign(new Error(description), { error: "access_denied", error_description: description });
  };
  visit(`/?error=access_denied&error_description=${encodeURIComponent(description)}&state=abc`, { goTo, client });
  expect(await screen.findByRole("heading", { level: 1, name: description })).toBeInTheDocument();
  expect(screen.queryByText("Caricamento...")).toBeNull();
  await userEvent.click(screen.getByRole("button", { name: button }));
  expect(goTo).toHaveBeenCalledWith(target);
});

test("a callback without a message shows the default authentication problem", async () => {
  const client = identity(null);
  client.handleRedirectCallback = async () => {
    throw Object.assign(new Error(""), { error: "server_error" });
  };
  visit("/?error=server_error&state=abc", { client });
  expect(await screen.findByRole("heading", { level: 1, name: "Problema di autenticazione. Riprova più tardi." })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Ricarica Pagina" })).toBeInTheDocument();
});

// spec 000 §2: what shows while the session is still being found.
test.each([
  ["/login", "Caricamento...", null],
  ["/success?plan=pro", "Caricamento...", "Stiamo verificando il tuo accesso per confermare il pagamento..."],
])("%s while the session loads", async (path, loading, detail) => {
  const client = identity("free@oystar.test");
  client.checkSession = () => new Promise(() => {});
  visit(path, { client });
  expect(await screen.findByText(loading)).toBeInTheDocument();
  if (detail) expect(screen.getByText(detail)).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "ACCEDI" })).toBeNull();
  expect(screen.queryByText("Grazie!")).toBeNull();
});
