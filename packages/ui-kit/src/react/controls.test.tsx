import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { expect, test, vi } from "vitest";
import { Slider } from "./slider";
import { StarRating } from "./star-rating";
import { Toggle } from "./toggle";

test("the toggle is a switch whose state flips on click", async () => {
  function DeepThink() {
    const [on, setOn] = useState(false);
    return <Toggle label="Deep Think" checked={on} onChange={setOn} />;
  }
  render(<DeepThink />);
  const toggle = screen.getByRole("switch", { name: "Deep Think" });
  expect(toggle).toHaveAttribute("aria-checked", "false");
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute("aria-checked", "true");
  // Issue 52 §7: a click on its words flips it too ('Basati sui documenti' did not).
  await userEvent.click(screen.getByText("Deep Think"));
  expect(toggle).toHaveAttribute("aria-checked", "false");
});

test("the slider reports numbers within its bounds and shows the value", () => {
  const onChange = vi.fn();
  render(<Slider label="Lunghezza del dibattito" min={6} max={200} value={20} onChange={onChange} />);
  const slider = screen.getByRole("slider", { name: "Lunghezza del dibattito" });
  expect(slider).toHaveAttribute("min", "6");
  expect(slider).toHaveAttribute("max", "200");
  expect(screen.getByText("20")).toBeInTheDocument();
  fireEvent.change(slider, { target: { value: "42" } });
  expect(onChange).toHaveBeenCalledWith(42);
});

// Issue 14 §7: a default between two steps (history tokens: 6144 on a 1000-step slider) is a stop of its own.
test("a slider with stops moves over them and reports their values", () => {
  const onChange = vi.fn();
  render(
    <Slider
      label="Token"
      min={1000}
      max={8000}
      step={1000}
      value={6144}
      stops={[5000, 6000, 6144, 7000]}
      onChange={onChange}
      formatValue={(value) => `${value} token`}
    />,
  );
  const slider = screen.getByRole("slider", { name: "Token" });
  expect(slider).toHaveValue("2");
  expect(slider).toHaveAttribute("aria-valuetext", "6144 token");
  fireEvent.change(slider, { target: { value: "3" } });
  expect(onChange).toHaveBeenLastCalledWith(7000);
  fireEvent.change(slider, { target: { value: "1" } });
  expect(onChange).toHaveBeenLastCalledWith(6000);
});

test("the star rating names each star from Pessimo to Ottimo and reports the choice", async () => {
  function Feedback() {
    const [rating, setRating] = useState(0);
    return <StarRating value={rating} onChange={setRating} />;
  }
  render(<Feedback />);
  const names = screen.getAllByRole("radio").map((radio) => radio.getAttribute("aria-label"));
  expect(names).toEqual(["Pessimo", "Scarso", "Discreto", "Buono", "Ottimo"]);
  await userEvent.click(screen.getByRole("radio", { name: "Buono" }));
  expect(screen.getByRole("radio", { name: "Buono" })).toBeChecked();
  expect(screen.getByText("Buono", { selector: ".oy-rating__caption" })).toBeInTheDocument();
});

test("a read-only rating cannot change", () => {
  render(<StarRating value={5} readOnly />);
  expect(screen.getByRole("radio", { name: "Ottimo" })).toBeChecked();
  expect(screen.getByRole("radio", { name: "Pessimo" })).toBeDisabled();
});
