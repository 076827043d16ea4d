import type { LibraryDocument, LibraryDocuments, LibraryIndexes } from "@oystar/api-client";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createLibrary, type LibraryPorts } from "../library";
import { LibraryScreen } from "./library-screen";

// Issue 48, 'I miei documenti': a Business customer's indexes and the open one's documents, each
// state the page shows, with the calls answered here as the server answers them.

const MB = 1024 * 1024;
const row = (path: string, state: LibraryDocument["state"], more: Partial<LibraryDocument> = {}): LibraryDocument => ({
  id: path,
  path,
  size: 240_000,
  format: path.split(".").pop() ?? "html",
  state,
  ocr: null,
  passages: null,
  scanned: false,
  reason: null,
  first_passage: null,
  url: null,
  site: null,
  ...more,
});

const studio: LibraryDocuments = {
  index: { name: "contratti-1a2b3c4d", label: "Contratti", documents: 3, bytes: 13_002_342 },
  documents: [
    row("Contratti/2024/locazione-villa-serena.docx", "indexed", { passages: 14, first_passage: "101" }),
    row("Contratti/2024/verbale-consegna.pdf", "reading", { ocr: { page: 3, pages: 12 }, size: 8 * MB }),
    row("Contratti/2025/preliminare.pdf", "queued"),
    row("Scansioni/cartello.pdf", "indexed", { passages: 2, scanned: true, first_passage: "102" }),
    row("Vecchi/atto.doc", "refused", {
      reason: "«atto.doc» non è stato indicizzato: i file Word 97-2003 non si leggono. Salvalo come .docx o come PDF e invialo di nuovo.",
    }),
    row("studiorossi.it_chi-siamo.html", "indexed", {
      passages: 3,
      url: "https://www.studiorossi.it/chi-siamo",
      site: "s1",
      first_passage: "103",
    }),
  ],
  sites: [
    {
      id: "s1",
      url: "https://www.studiorossi.it/",
      state: "done",
      pages: 42,
      last_read_at: "2026-12-07T03:40:00.000Z",
      changes: { added: 3, changed: 1, removed: 2 },
      error: null,
    },
  ],
};

const indexes: LibraryIndexes = {
  indexes: [
    { name: "contratti-1a2b3c4d", label: "Contratti", documents: 3, bytes: 13_002_342 },
    { name: "pareri-5e6f7a8b", label: "Pareri", documents: 0, bytes: 0 },
  ],
  limits: { indexes: 3, bytes: 100 * MB },
  used: { indexes: 2, bytes: 13_002_342 },
};

/** Calls answered at once from the lists above; nothing moves on its own (no timer fires). */
function storyLibrary(contents: LibraryDocuments, removed: string[] = []) {
  const ports: LibraryPorts = {
    listIndexes: async () => indexes,
    createIndex: async (label) => ({ name: "nuovo", label, documents: 0, bytes: 0 }),
    deleteIndex: async () => {},
    listDocuments: async () => ({ ...contents, documents: contents.documents.filter((document) => !removed.includes(document.id)) }),
    upload: async (_name, files) => ({
      documents: files.map((file) => ({ id: file.path, path: file.path, state: "queued", reason: null })),
    }),
    replace: async () => ({ documents: [] }),
    remove: async (_name, id) => void removed.push(id),
    addSite: async (_name, url) => ({ id: "s2", url, state: "reading", pages: 0, last_read_at: null, changes: null, error: null }),
    syncSite: async () => contents.sites[0]!,
    later: () => () => {},
  };
  return createLibrary(ports);
}

const meta = {
  title: "rag-client/LibraryScreen",
  component: LibraryScreen,
  args: { library: storyLibrary(studio), indexRequestHref: "/business-index-request" },
} satisfies Meta<typeof LibraryScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The indexes with their space of the plan's 100 MB, and the link to the spec's indexing request. */
export const Indexes: Story = {
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await screen.findByText("Contratti");
    await expect(screen.getByText("12,4 MB di 100 MB")).toBeVisible();
    await expect(screen.getByRole("link", { name: "Preferisci che lo facciamo noi? Richiedi l'indicizzazione" })).toHaveAttribute(
      "href",
      "/business-index-request",
    );
  },
};

/** An index open: each document's state, a site's last reading, a filter, a removal confirmed. */
export const OpenIndex: Story = {
  args: { library: storyLibrary(studio) },
  play: async ({ canvasElement, args }) => {
    const screen = within(canvasElement);
    await userEvent.click(await screen.findByRole("button", { name: "Apri l'indice Contratti" }));
    await expect(await screen.findByText("OCR: pagina 3 di 12")).toBeVisible();
    await expect(screen.getByText("In coda")).toBeVisible();
    await expect(screen.getByText("Indicizzato — 2 passaggi, letto con OCR")).toBeVisible();
    await expect(screen.getByText(/^Rifiutato: «atto\.doc» non è stato indicizzato/)).toBeVisible();
    await expect(screen.getByText(/3 pagine nuove, 1 modificata, 2 rimosse/)).toBeVisible();
    await expect(screen.getByLabelText("Carica documenti")).toHaveAttribute("type", "file");
    await expect(screen.getByLabelText("Carica cartella")).toHaveAttribute("type", "file");

    await userEvent.type(screen.getByLabelText("Cerca un documento per nome"), "preliminare");
    await waitFor(() => expect(screen.queryByText("Contratti/2024/verbale-consegna.pdf")).toBeNull());
    await expect(screen.getByText("Contratti/2025/preliminare.pdf")).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Elimina Contratti/2025/preliminare.pdf" }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole("dialog", { name: "Elimina Contratti/2025/preliminare.pdf" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(screen.queryByText("Contratti/2025/preliminare.pdf")).toBeNull());
    await expect(args.library.store.getState().error).toBeNull();
  },
};

/** A customer with no index yet. */
export const NoIndexYet: Story = {
  args: {
    library: createLibrary({
      ...({} as LibraryPorts),
      listIndexes: async () => ({ indexes: [], limits: { indexes: 3, bytes: 100 * MB }, used: { indexes: 0, bytes: 0 } }),
      later: () => () => {},
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText("Non hai ancora nessun indice: creane uno per caricare i tuoi documenti."),
    ).toBeVisible();
  },
};
