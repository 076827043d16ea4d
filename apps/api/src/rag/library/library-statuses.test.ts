import { API_PATHS, apiPath, type LibraryDocument, type LibraryDocuments, type LibraryIndex } from "@oystar/api-client";
import { jsPDF } from "jspdf";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../../test-support/fixtures";
import { scannedPdf } from "../../../test-support/scanned-pdf";
import { bearer } from "../../../test-support/rag-helpers";
import { signInAs } from "../../dev-idp/dev-sign-in";
import { ragMessages } from "../messages";

// Issue 48 §3: a document's state moves on its own while the page is open — 'In coda', 'Lettura',
// 'OCR: pagina X di Y', then 'Indicizzato' (a scan: 'letto con OCR') or 'Rifiutato: <motivo>'.
// Watched here as the page watches it: by reading the list again and again.

// The files before the server: making them holds this process's thread for seconds, and a
// connection kept alive meanwhile would be closed by the server under the next request.
const scan = await scannedPdf([["Verbale di sopralluogo"], ["La recinzione va rifatta entro aprile."]]);
const locked = new jsPDF({ encryption: { userPassword: "segreto", ownerPassword: "segreto", userPermissions: ["print"] } });
locked.text("Documento riservato dello studio.", 15, 30);

let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;

beforeAll(async () => {
  server = await startTestServer();
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
});
afterAll(async () => {
  await server?.close();
});

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...bearer(business), ...(init.headers as Record<string, string>) } });

/** Every state a document was seen in, in order, until it settled. */
async function watch(index: string, path: string): Promise<{ seen: string[]; last: LibraryDocument }> {
  const seen: string[] = [];
  for (;;) {
    // As the page does, a look that failed (this process is the server too, and storing a scan's
    // 23 MB original in the embedded database holds its thread for a moment) is simply made again.
    const list = (await call(apiPath(API_PATHS.libraryDocuments, { name: index }))
      .then((response) => response.json())
      .catch(() => null)) as LibraryDocuments | null;
    if (!list) continue;
    const document = list.documents.find((row) => row.path === path)!;
    const state = document.ocr ? `ocr ${document.ocr.page}/${document.ocr.pages}` : document.state;
    if (seen.at(-1) !== state) seen.push(state);
    if (document.state === "indexed" || document.state === "refused") return { seen, last: document };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("a scan is seen being read by OCR page by page, then indexed as read by OCR; a locked PDF is refused with its reason", async () => {
  const created = await call(API_PATHS.libraryIndexes, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ label: "Scansioni" }),
  });
  const index = (await created.json()) as LibraryIndex;
  const form = new FormData();
  form.append("files", new File([scan as BlobPart], "verbale.pdf"));
  form.append("files", new File([new Uint8Array(locked.output("arraybuffer"))], "riservato.pdf"));
  expect((await call(apiPath(API_PATHS.libraryDocuments, { name: index.name }), { method: "POST", body: form })).status).toBe(202);

  const [scanned, secret] = await Promise.all([watch(index.name, "verbale.pdf"), watch(index.name, "riservato.pdf")]);
  // Its second page is seen being read (the first may pass between two looks).
  expect(scanned.seen).toContain("ocr 2/2");
  expect(scanned.seen.at(-1)).toBe("indexed");
  expect(scanned.last).toMatchObject({ state: "indexed", scanned: true, format: "pdf", reason: null });
  expect(scanned.last.passages).toBeGreaterThan(0);
  expect(secret.last).toMatchObject({ state: "refused", reason: ragMessages.documents.passwordProtected("riservato.pdf"), passages: null });
}, 240_000);
