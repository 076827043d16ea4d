import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { createDebateSession } from "../debate-session";
import { debateDefaultsFrom } from "../debate-state";
import { fakeWorld } from "../testing/fake-world";
import { DebateScreen } from "./debate-screen";

function setUp(models?: readonly string[]) {
  const world = fakeWorld();
  const session = createDebateSession(world.ports);
  render(<DebateScreen session={session} sendFeedback={async () => {}} saveFile={() => {}} models={models} />);
  return { world, session, user: userEvent.setup() };
}

test("the admin's defaults fill the panel; what the user picks is what the debate uses", async () => {
  const { world, session, user } = setUp();
  act(() =>
    session.configure(
      debateDefaultsFrom({
        debate_length: 150,
        debate_auto_mode: true,
        debate_model_a: "openai/gpt-oss-20b",
        debate_model_b: "openai/gpt-oss-20b",
      }),
    ),
  );
  const panel = screen.getByRole("region", { name: "Impostazioni del dibattito" });
  expect(panel).toHaveTextContent("150 turni · Auto · A: openai/gpt-oss-20b · B: openai/gpt-oss-20b");
  // Closed, the panel still says what is set; opened, it can change it.
  expect(screen.queryByRole("slider")).toBeNull();
  await user.click(screen.getByRole("button", { name: "Impostazioni" }));
  expect(screen.getByRole("button", { name: "Impostazioni" })).toHaveAttribute("aria-expanded", "true");
  expect(screen.getByRole("slider", { name: "Durata del dibattito" })).toHaveValue("150");
  await user.selectOptions(screen.getByRole("combobox", { name: "Modello A" }), "openai/gpt-oss-120b");
  await user.click(screen.getByRole("switch", { name: "Modalità automatica" }));
  expect(panel).toHaveTextContent("150 turni · Manuale · A: openai/gpt-oss-120b");
  await user.type(screen.getByRole("textbox", { name: "Tesi A (a favore)" }), "Il treno");
  await user.type(screen.getByRole("textbox", { name: "Tesi B (contro)" }), "L'aereo");
  await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
  await act(() => world.settle());
  expect(world.asked().map((asked) => asked.model)).toEqual(["openai/gpt-oss-120b"]);
  expect(world.asked()[0]).toMatchObject({ length: 150 });
  // Once the debate is on screen, its length and models stay put.
  expect(screen.getByRole("slider", { name: "Durata del dibattito" })).toBeDisabled();
  expect(screen.getByRole("combobox", { name: "Modello B" })).toBeDisabled();
});

test("the window event toggleAdvancedControls opens and closes the panel (the header's version button sends it)", () => {
  setUp();
  act(() => void window.dispatchEvent(new Event("toggleAdvancedControls")));
  expect(screen.getByRole("slider", { name: "Durata del dibattito" })).toBeInTheDocument();
  act(() => void window.dispatchEvent(new Event("toggleAdvancedControls")));
  expect(screen.queryByRole("slider")).toBeNull();
});

const offered = (name: string) =>
  Array.from((screen.getByRole("combobox", { name }) as HTMLSelectElement).options, (option) => option.value);

test("the models offered are the spec's two, or those of them the gateway serves; the model set stays shown", async () => {
  const all = setUp();
  await all.user.click(screen.getByRole("button", { name: "Impostazioni" }));
  expect(offered("Modello A")).toEqual(["openai/gpt-oss-120b", "openai/gpt-oss-20b"]);
  cleanup();

  // GET /groq/models serves only the 120b: B's default (the 20b) is still shown, as it is set.
  const served = setUp(["openai/gpt-oss-120b"]);
  await served.user.click(screen.getByRole("button", { name: "Impostazioni" }));
  expect(offered("Modello A")).toEqual(["openai/gpt-oss-120b"]);
  expect(offered("Modello B")).toEqual(["openai/gpt-oss-120b", "openai/gpt-oss-20b"]);
});
