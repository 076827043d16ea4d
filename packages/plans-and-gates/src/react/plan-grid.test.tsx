import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { PLANS, publicPlan } from "../catalogue";
import { PlanGrid } from "./plan-grid";

const plans = PLANS.map(publicPlan);

test("five columns in order, pro flagged, enterprise on request", () => {
  render(<PlanGrid plans={plans} currentPlan={null} onChoose={() => {}} />);
  const cards = screen.getAllByRole("listitem").filter((item) => item.classList.contains("oy-plan"));
  expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual(["Free", "Base", "Pro", "Business", "Enterprise"]);
  expect(within(cards[2] as HTMLElement).getByText("Il più scelto")).toBeInTheDocument();
  expect(within(cards[4] as HTMLElement).getByText("Su richiesta")).toBeInTheDocument();
  expect(within(cards[1] as HTMLElement).getByText(/^9,99 €/).textContent).toBe("9,99 € al mese, IVA inclusa");
});

test("the current plan is active and lower plans are unavailable", async () => {
  const onChoose = vi.fn();
  render(<PlanGrid plans={plans} currentPlan="pro" onChoose={onChoose} />);
  const card = (name: string) => screen.getByRole("listitem", { name });
  expect(within(card("Pro")).getByRole("button", { name: "Piano attuale" })).toBeDisabled();
  expect(within(card("Base")).getByRole("button", { name: "Non disponibile" })).toHaveClass("oy-plan__unavailable");
  await userEvent.click(within(card("Business")).getByRole("button", { name: "Scegli Business" }));
  expect(onChoose).toHaveBeenCalledWith("business");
});

test("while who is signed in is being checked, plans wait to be chosen; Enterprise leads to sales at once", async () => {
  const onChoose = vi.fn();
  render(<PlanGrid plans={plans} currentPlan={null} checking onChoose={onChoose} />);
  const card = (name: string) => screen.getByRole("listitem", { name });
  for (const name of ["Free", "Base", "Pro", "Business"]) expect(within(card(name)).getByRole("button")).toBeDisabled();
  await userEvent.click(within(card("Enterprise")).getByRole("button"));
  expect(onChoose).toHaveBeenCalledWith("enterprise");
});

test("a loading error shows the message or 'Errore nel caricamento', with Riprova", async () => {
  const onRetry = vi.fn();
  const { rerender } = render(<PlanGrid plans={null} error="" onRetry={onRetry} currentPlan={null} onChoose={() => {}} />);
  expect(screen.getByRole("alert")).toHaveTextContent("Errore nel caricamento");
  await userEvent.click(screen.getByRole("button", { name: "Riprova" }));
  expect(onRetry).toHaveBeenCalledOnce();
  rerender(<PlanGrid plans={null} error="HTTP error! status: 503" currentPlan={null} onChoose={() => {}} />);
  expect(screen.getByRole("alert")).toHaveTextContent("HTTP error! status: 503");
});

test("while loading it says 'Caricamento...'", () => {
  render(<PlanGrid plans={null} currentPlan={null} onChoose={() => {}} />);
  expect(screen.getByRole("status")).toHaveTextContent("Caricamento...");
});
