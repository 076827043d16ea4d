import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { QuestionEditor, VersionSwitch } from "./message-versions";

const answer = {
  id: "a2",
  role: "assistant" as const,
  content: "Tra aprile e maggio.",
  timestamp: 0,
  versions: { before: [[{ id: "a1", role: "assistant" as const, content: "Aprile.", timestamp: 0 }]], after: [] },
};

const meta = {
  title: "conversation/VersionSwitch",
  component: VersionSwitch,
  args: { message: answer, onShow: fn() },
} satisfies Meta<typeof VersionSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Issue 50 §4: the newest of two versions. */
export const SecondOfTwo: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: "Versioni" })).toHaveTextContent("2 di 2");
    await expect(canvas.getByRole("button", { name: "Versione successiva" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("button", { name: "Versione precedente" }));
    await expect(args.onShow).toHaveBeenCalledWith(answer, -1);
  },
};

/** Issue 50 §4: 'Modifica' on the last question, then the box to send it again. */
export const EditingTheQuestion: StoryObj<typeof QuestionEditor> = {
  render: () => <QuestionEditor message={{ id: "q1", role: "user", content: "Quando fiorisce il glicine?", timestamp: 0 }} onSend={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Modifica" }));
    await expect(canvas.getByRole("textbox", { name: "Modifica la domanda" })).toHaveValue("Quando fiorisce il glicine?");
  },
};
