import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { routes } from "./routes";

function visit(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

test.each([
  ["/", "L'assistente AI in italiano che rispetta la tua privacy"],
  ["/oystar", "L'assistente AI in italiano che rispetta la tua privacy"],
  ["/oystar-ai", "OYSTAR AI"],
  ["/login", "Benvenuto in OYSTAR"],
  ["/subscription", "Piani e prezzi"],
  ["/enterprise-contact", "Richiedi un preventivo Enterprise"],
  ["/business-index-request", "Richiesta di indicizzazione"],
  ["/success", "Grazie!"],
])("%s shows its page", async (path, heading) => {
  visit(path);
  expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
});

test.each([
  ["/pigna", "/oystar"],
  ["/pigna-ai", "/oystar-ai"],
])("the legacy %s lands on %s", async (from, to) => {
  const router = visit(`${from}?ref=vecchio`);
  await screen.findByRole("heading", { level: 1 });
  expect(router.state.location.pathname).toBe(to);
  expect(router.state.location.search).toBe("?ref=vecchio");
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

test("the subscription page acknowledges the requested plan", async () => {
  visit("/subscription?plan=business");
  expect(await screen.findByText("Hai scelto il piano Business.")).toBeInTheDocument();
});

test("links into the assistant are full page loads; the footer has the three unlinked labels", async () => {
  visit("/oystar");
  await screen.findByRole("heading", { level: 1 });
  const footer = screen.getByRole("contentinfo");
  for (const label of ["Privacy Policy", "Terms of Service", "Cookie Policy"]) {
    const item = screen.getByText(label);
    expect(footer).toContainElement(item);
    expect(item.closest("a")).toBeNull();
  }
  expect(screen.getByRole("link", { name: "Inizia ora" })).toHaveAttribute("href", "/chat");
  expect(screen.getByRole("link", { name: "Supporto" }).getAttribute("href")).toMatch(/^mailto:/);
  for (const href of ["/chat", "/debate", "/rag"]) {
    expect(screen.getAllByRole("link").some((link) => link.getAttribute("href") === href)).toBe(true);
  }
});
