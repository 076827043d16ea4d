import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { PlanBadge } from "./plan-badge";
import { QuotaBadge } from "./quota-badge";

test("an unknown plan shows Free", () => {
  render(<PlanBadge plan="gold" />);
  expect(screen.getByText("Free")).toBeInTheDocument();
});

test("the quota badge reads used/limit and names what it counts, on screen too (issue 36 §7)", () => {
  render(<QuotaBadge label="Domande" used={1} limit={50} />);
  expect(screen.getByLabelText("Domande: 1/50")).toHaveTextContent("Domande: 1/50");
});

test("unlimited shows ∞ and not loaded shows '...'", () => {
  render(
    <>
      <QuotaBadge label="Domande" used={3} limit={-1} />
      <QuotaBadge label="Dibattiti" used={null} limit={null} />
    </>,
  );
  expect(screen.getByLabelText("Domande: 3/∞")).toHaveTextContent("Domande: 3/∞");
  expect(screen.getByLabelText("Dibattiti: ...")).toHaveTextContent("Dibattiti: ...");
});

// Issue 52 §5: 'Dibattiti: 0/0' was red beside the upsell, as if something were used up.
test("a quota the plan does not include (0/0) is no alarm: neutral, and says why", () => {
  render(
    <>
      <QuotaBadge label="Dibattiti" used={0} limit={0} />
      <QuotaBadge label="Domande" used={50} limit={50} />
    </>,
  );
  const debates = screen.getByLabelText("Dibattiti: 0/0");
  expect(debates).not.toHaveClass("oy-badge--danger");
  expect(debates).toHaveAttribute("title", "Dibattiti: non inclusi nel tuo piano");
  expect(screen.getByLabelText("Domande: 50/50")).toHaveClass("oy-badge--danger");
});
