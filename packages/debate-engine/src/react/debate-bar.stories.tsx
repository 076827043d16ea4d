import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { transition } from "../debate-machine";
import { createDebateSession } from "../debate-session";
import type { DebateDefaults, DebateEvent } from "../debate-state";
import { storyPorts } from "../testing/story-world";
import { DebateBar } from "./debate-bar";

// The bar reads a session; each story holds one in a given moment of a debate, reached by
// feeding the machine the world's answers (no timer, no model call is made to get there).

const theses = { theses: ["Il treno", "L'aereo"] as [string, string] };
const START: DebateEvent[] = [
  { type: "start", input: theses, mode: "debate", at: 0 },
  { type: "providerReset", epoch: 1, ok: true },
  { type: "debateStarted", epoch: 1, debateId: "storia" },
];
/** The turn with call number `call` streams a sentence and ends. */
const played = (call: number): DebateEvent[] => [
  { type: "chunk", epoch: 1, call, text: "Il treno regge alla prova dei fatti. Che ne pensi?", at: 0 },
  { type: "replyEnded", epoch: 1, call, at: 0 },
];

function sessionAt(events: DebateEvent[], settings: DebateDefaults = {}) {
  const session = createDebateSession(storyPorts(), { length: 6, auto: false, ...settings });
  session.store.setState(
    events.reduce((state, event) => transition(state, event).state, session.store.getState()),
    true,
  );
  return session;
}

const meta = {
  title: "debate-engine/DebateBar",
  component: DebateBar,
  args: { session: sessionAt([...START, ...played(1)]), onDownloadPdf: fn(), onLeave: fn() },
} satisfies Meta<typeof DebateBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** spec 001 §2: manual mode after Model A's turn — status, STOP, 'Prossimo (B)', 'SCARICA PDF'. */
export const Manual: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: "Stato del dibattito" })).toHaveTextContent("Turno 1/6 · Prossimo: Modello B");
    await expect(canvas.getByRole("button", { name: "Prossimo (B)" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "STOP" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "SCARICA PDF" }));
    await expect(args.onDownloadPdf).toHaveBeenCalledOnce();
  },
};
/** Auto mode: the next turn starts by itself in 3 s, so there is no 'Prossimo'. */
export const Auto: Story = {
  args: { session: sessionAt([...START, ...played(1)], { auto: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button", { name: /^Prossimo/ })).toBeNull();
  },
};
/** A model is writing. */
export const Speaking: Story = { args: { session: sessionAt([...START, { type: "chunk", epoch: 1, call: 1, text: "Il treno", at: 0 }]) } };
/** Between the start and turn 0: the provider reset and the debate increment. */
export const Starting: Story = { args: { session: sessionAt(START.slice(0, 1)) } };
/** All six turns played: 'Dibattito concluso' and 'FAI UN ALTRO DIBATTITO'. */
export const Finished: Story = {
  args: {
    session: sessionAt([...START, ...played(1), ...[2, 3, 4, 5, 6].flatMap((call): DebateEvent[] => [{ type: "next" }, ...played(call)])]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Dibattito concluso")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "FAI UN ALTRO DIBATTITO" })).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "STOP" })).toBeNull();
  },
};
/** The debate quota refused the start: 'Dibattito interrotto'. */
export const Halted: Story = {
  args: { session: sessionAt([...START.slice(0, 2), { type: "debateRefused", epoch: 1, reason: "quota", message: "" }]) },
};
