import { createReadAloud } from "@oystar/conversation";
import { SourceViewerProvider } from "@oystar/conversation/react";
import { citedPassage, scriptedSourceViewer, textPassage } from "@oystar/conversation/testing";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { DebateSpeech } from "../debate-state";
import { DebateBubble, StreamingBubble } from "./debate-bubble";

const speech = (speaker: "A" | "B", phase: DebateSpeech["phase"], turn: number, content: string): DebateSpeech => ({
  id: `${speaker}${turn}`,
  speaker,
  model: speaker === "A" ? "openai/gpt-oss-120b" : "openai/gpt-oss-20b",
  phase,
  turn,
  content,
});

const meta = {
  title: "debate-engine/DebateBubble",
  component: DebateBubble,
  decorators: [
    (Story) => (
      <ol className="debate-transcript__list">
        <Story />
      </ol>
    ),
  ],
  args: {
    speech: speech(
      "A",
      "opposizione",
      0,
      "Il treno porta **in centro città** senza controlli di sicurezza: si guadagna un'ora. Quali prove porti per sostenere il contrario?",
    ),
    readAloud: createReadAloud(undefined, undefined),
    onNotice: fn(),
  },
} satisfies Meta<typeof DebateBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OpposizioneModelA: Story = {};
export const RiflessioneModelB: Story = {
  args: {
    speech: speech(
      "B",
      "riflessione",
      3,
      "Riconosco che il treno ha un punto valido, ma sulle lunghe distanze l'aereo resta imbattibile. In quali condizioni rivedresti la tua posizione?",
    ),
  },
};
export const SintesiModelA: Story = {
  args: {
    speech: speech(
      "A",
      "sintesi",
      4,
      "Propongo il treno sotto i 600 km e l'aereo oltre, con un biglietto unico:\n\n1. tratte brevi in treno;\n2. voli solo per le lunghe distanze.\n\nSei d'accordo?",
    ),
  },
};

/** The turn being written, with the blinking cursor. */
export const Streaming: StoryObj<typeof StreamingBubble> = {
  render: () => (
    <StreamingBubble speaker="B" model="openai/gpt-oss-20b" phase="opposizione" turn={1} text="L'aereo collega Milano e Roma in un'ora: " />
  ),
};

/** The passages of the story's turn where they stand in their documents, as the server's viewer gives them. */
const storyViewer = scriptedSourceViewer([
  textPassage("101", "Il bosso delle siepi si pota a fine primavera, quando le nuove foglie si sono indurite.", {
    id: "1",
    title: "Giardini storici",
    filename: "giardini.md",
  }),
  {
    ...textPassage("102", "Le piante antiche del giardino fioriscono una volta l'anno.", {
      id: "2",
      title: "Restauro",
      filename: "restauro.md",
    }),
    page: 3,
  },
]);

/**
 * issue 26 §2: a turn argued from documents — its quotes cited [n] with the server's verdicts (a
 * quote not found, or not supporting its sentence, is marked), and the passages it read. Under the
 * floor's source viewer (as on the debate page) a [n] opens its passage there (issue 38 §1).
 */
export const Evidence: Story = {
  args: {
    speech: {
      ...speech("A", "opposizione", 0, ""),
      model: "oystar-offline",
      content:
        "Turno 1 di 6, fase di opposizione: come Modello A sostengo che le siepi di bosso vanno potate. Lo conferma Giardini storici: «Il bosso delle siepi si pota a fine primavera» [1]. " +
        "E ancora Restauro, p. 3: «le piante antiche fioriscono due volte l'anno» [2]. E «il parco conta mille statue» [1]. Quali prove porti per il contrario?",
      evidence: {
        index: "gardenroute-demo",
        passages: [
          citedPassage({
            noteNumber: 1,
            chunkId: "101",
            title: "Giardini storici",
            filename: "giardini.md",
            excerpt: "Il bosso delle siepi si pota a fine primavera, quando…",
          }),
          citedPassage({
            noteNumber: 2,
            chunkId: "102",
            title: "Restauro",
            filename: "restauro.pdf",
            page: 3,
            excerpt: "Le piante antiche del giardino…",
          }),
        ],
        quotes: [
          { n: 1, text: "Il bosso delle siepi si pota a fine primavera", status: "verified" },
          { n: 2, text: "le piante antiche fioriscono due volte l'anno", status: "unsupported" },
          { n: 1, text: "il parco conta mille statue", status: "notFound" },
        ],
        seal: null,
      },
    },
  },
  decorators: [(Story) => <SourceViewerProvider {...storyViewer.provider}>{Story()}</SourceViewerProvider>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const quotes = canvas.getAllByRole("listitem").filter((item) => item.dataset.status);
    await expect(quotes.map((quote) => quote.dataset.status)).toEqual(["verified", "unsupported", "notFound"]);
    await expect(quotes[2]).toHaveTextContent("Non verificata: non si trova nel passaggio citato");
    await userEvent.click(canvas.getAllByRole("button", { name: "Apri il passaggio [2]: Restauro" })[0]!);
    const viewer = await within(document.body).findByRole("dialog", { name: "Restauro" });
    await expect(await within(viewer).findByText(/Le piante antiche del giardino/, { selector: "mark" })).toBeVisible();
    await userEvent.keyboard("{Escape}");
  },
};
