import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { identity, renderSite } from "../test-support/render-site";

const visit = (client: ReturnType<typeof identity>) => renderSite("/oystar", { client });

test("the landing's sections come in the spec's order", async () => {
  visit(identity(null));
  await screen.findByRole("heading", { level: 1 });
  const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
  expect(headings.slice(0, 10)).toEqual([
    "La tua privacy, messa a confronto",
    "Dal problema alla soluzione",
    "Per chi è OYSTAR",
    "OYSTAR AI: la chat privata",
    "OYSTAR Debate: due AI, due tesi",
    "OYSTAR RAG: risposte dai tuoi documenti",
    "Piani",
    "Cosa dicono di OYSTAR",
    "Pronto in 30 secondi",
    "Moduli",
  ]);
  expect(screen.getAllByLabelText("Valutazione 5 su 5")).toHaveLength(3);
  expect(screen.getByText("Incluso nel piano Free: 50 domande al mese, senza carta.")).toBeInTheDocument();
  // spec 000 §1: the target users, each named.
  const audience = within(screen.getByRole("region", { name: "Per chi è OYSTAR" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);
  expect(audience).toEqual([
    "Professionisti",
    "Sviluppatori",
    "Studenti",
    "Creativi",
    "Studi legali",
    "Sanità",
    "Finanza",
    "Università",
    "Società di consulenza",
    "Industria",
  ]);
  const pricing = screen.getByRole("region", { name: "Piani" });
  expect(
    within(pricing)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent),
  ).toEqual(["Free", "Base", "Pro", "Business"]);
  // Issue 51 §3: each price says the VAT is in it (PRICES_INCLUDE_VAT's default).
  expect(within(pricing).getByRole("listitem", { name: "Pro" }).querySelector(".oy-plan__price")?.textContent).toBe(
    "29,99 € al mese, IVA inclusa",
  );
});

test("a visitor's free trial signs in first, coming back to /chat", async () => {
  const client = identity(null);
  visit(client);
  await userEvent.click(await screen.findByRole("button", { name: "Prova gratis" }));
  expect(client.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: "/chat" } });
});

test("a visitor choosing Pro signs in first, coming back to the plans", async () => {
  const client = identity(null);
  visit(client);
  await userEvent.click(await screen.findByRole("button", { name: "Scegli Pro" }));
  expect(client.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: "/subscription?plan=pro" } });
});

test("a signed-in user choosing Pro goes straight to the plans", async () => {
  const site = visit(identity("free@oystar.test"));
  await userEvent.click(await screen.findByRole("button", { name: "Scegli Pro" }));
  await vi.waitFor(() => expect(site.location()).toBe("/subscription?plan=pro"));
});

// Issue 15: the page is on screen, prerendered, before its scripts; on a slow phone a visitor can
// press a button before React answers it. Each start button is then a form that asks /login to
// take the visitor where the button leads.
test("before React takes the page over, every start button leads through /login to its destination", async () => {
  const { renderPage } = await import("../prerender/render-page");
  const prerendered = new DOMParser().parseFromString(await renderPage("/oystar"), "text/html");
  const leadsTo = (button: HTMLButtonElement) => {
    const form = button.closest("form");
    return form && form.getAttribute("method") === "get" && button.type === "submit"
      ? `${form.getAttribute("action")}?returnTo=${form.querySelector<HTMLInputElement>("input[name=returnTo]")?.value}`
      : null;
  };
  // A button that opens something in place (the header's 'Tema' choice) starts nothing.
  const starts = [...prerendered.querySelectorAll<HTMLButtonElement>("button:not([aria-expanded])")].map((button) => [
    button.textContent,
    leadsTo(button),
  ]);
  expect(starts).toEqual([
    ["Prova gratis", "/login?returnTo=/chat"],
    ["Vedi i piani", "/login?returnTo=/subscription"],
    ["Inizia gratis", "/login?returnTo=/chat"],
    ["Prova la chat", "/login?returnTo=/chat"],
    ["Avvia un dibattito", "/login?returnTo=/debate"],
    ["Vedi il piano Business", "/login?returnTo=/subscription?plan=business"],
    ["Inizia gratis", "/login?returnTo=/chat"],
    ["Scegli Base", "/login?returnTo=/subscription?plan=base"],
    ["Scegli Pro", "/login?returnTo=/subscription?plan=pro"],
    ["Scegli Business", "/login?returnTo=/subscription?plan=business"],
    ["Inizia gratis", "/login?returnTo=/chat"],
  ]);
});
