import { PLANS, publicPlan } from "@oystar/plans-and-gates";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test, vi } from "vitest";
import { renderSite } from "../test-support/render-site";

// Issue 36 §6: the header follows the plan the server says the user holds, right after a payment.
let serverPlan = "pro";
beforeEach(() => {
  serverPlan = "pro";
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith("/api/plans")) return Response.json({ plans: PLANS.map(publicPlan) });
      if (url.endsWith("/api/subscription/status")) {
        return Response.json({
          plan: serverPlan,
          plan_name: "x",
          queries_used: 0,
          queries_limit: 1000,
          debates_used: 0,
          debates_limit: 100,
          rag_enabled: false,
        });
      }
      return new Response(null, { status: 404 });
    }),
  );
});

const navigation = () => screen.getByRole("navigation", { name: "Navigazione principale" });

test("back from paying, the header shows the plan bought and leads to the chat", async () => {
  renderSite("/success?plan=pro", { email: "pro@oystar.test" });
  await screen.findByRole("heading", { level: 1, name: "Grazie!" });
  expect(await within(navigation()).findByRole("link", { name: "Piano Pro" })).toHaveAttribute("href", "/subscription");
  expect(within(navigation()).getByRole("link", { name: "Vai alla chat" })).toHaveAttribute("href", "/chat");
  expect(within(navigation()).queryByRole("link", { name: "Inizia ora" })).toBeNull();
});

test("the header names whatever plan the server holds", async () => {
  serverPlan = "business";
  renderSite("/subscription", { email: "business@oystar.test" });
  await screen.findByRole("heading", { level: 1, name: "Piani e prezzi" });
  expect(await within(navigation()).findByRole("link", { name: "Piano Business" })).toBeInTheDocument();
});

test("a visitor is asked to start", async () => {
  renderSite("/oystar", { email: null });
  await screen.findByRole("heading", { level: 1 });
  expect(within(navigation()).getByRole("link", { name: "Inizia ora" })).toHaveAttribute("href", "/chat");
  expect(within(navigation()).queryByRole("link", { name: /^Piano / })).toBeNull();
});

// Issue 36 §7: the theme is chosen in the header, on every page of the site.
test("the header's 'Tema' darkens the site", async () => {
  renderSite("/subscription");
  await screen.findByRole("heading", { level: 1, name: "Piani e prezzi" });
  await userEvent.click(within(navigation()).getByRole("button", { name: "Tema: Automatico" }));
  await userEvent.click(within(navigation()).getByRole("radio", { name: "Scuro" }));
  expect(document.documentElement.dataset.theme).toBe("dark");
  await userEvent.click(within(navigation()).getByRole("radio", { name: "Automatico" }));
  expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
});
