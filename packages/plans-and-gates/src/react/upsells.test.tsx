import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { DebateUpsell, RagUpsell } from "./upsells";

test("the RAG upsell names the current plan and leads to Business", () => {
  render(<RagUpsell currentPlan="pro" />);
  expect(screen.getByText("Pro", { selector: "strong" })).toBeInTheDocument();
  expect(screen.getByText("Business: 99,99 € al mese, IVA inclusa")).toBeInTheDocument();
  expect(screen.getByText("3 indici personalizzati")).toBeInTheDocument();
  expect(screen.getByText("Indicizzazione pronta in 24-48 ore")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Passa a Business" })).toHaveAttribute("href", "/subscription?plan=business");
});

// Issue 27 §5: 'Il tuo piano attuale: Gratis' stood beside a card titled 'Free'.
test.each([
  ["free", "Free"],
  ["base", "Base"],
  ["pro", "Pro"],
  ["sconosciuto", "Free"],
])("the current plan (%s) is named as its card beside it: %s", (plan, name) => {
  render(<RagUpsell currentPlan={plan} />);
  expect(screen.getByText(name, { selector: "strong" })).toBeInTheDocument();
  expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([name, "Business"]);
  expect(screen.queryByText(/Gratis/)).toBeNull();
});

test("the debate upsell compares Free, Base and Pro with its three ways out", () => {
  render(<DebateUpsell />);
  expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Free", "Base", "Pro"]);
  expect(screen.getByRole("link", { name: "Torna Indietro" })).toHaveAttribute("href", "/");
  expect(screen.getByRole("link", { name: "Passa a Base" })).toHaveAttribute("href", "/subscription?plan=base");
  expect(screen.getByRole("link", { name: "Scopri Pro" })).toHaveAttribute("href", "/subscription?plan=pro");
  expect(screen.getByText(/Disdici quando vuoi da Il mio account\./)).toBeInTheDocument();
  // Issue 52 §5: Business and Enterprise have debates too; the upsell no longer says only Base and Pro.
  expect(document.body).not.toHaveTextContent("I dibattiti sono nei piani Base e Pro");
  expect(screen.getByText("I dibattiti sono inclusi nei piani Base, Pro, Business ed Enterprise.")).toBeInTheDocument();
});
