import { xssPayloads } from "@oystar/vitest-config/hostile-text";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { textPdf } from "./pdf-fixtures";

// Issue 25: hostile documents — the XSS payloads of ../shared/security/xss-payloads.txt (as
// chat-core's tests keep them) as titles, file names, passages and PDF text — in an Enterprise
// customer's own index, read by the server at start (RAG_DEV_INDEXES_DIR, development only).

export const HOSTILE_OWNER = "enterprise@oystar.test";
export const HOSTILE_INDEX = "documenti-ostili";
/** The words every hostile document shares, so one question finds them. */
export const HOSTILE_TOPIC = "cortile dei mandorli di Villa Spina";

export { xssPayloads };

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ");

/** The titles the journeys look for: the payloads most likely to run if rendered as markup. */
export const hostileTitles = xssPayloads.slice(0, 6).map(oneLine);

/** Writes the customer's hostile index under `root` (the folder RAG_DEV_INDEXES_DIR names). */
export function writeHostileDocuments(root: string): void {
  const folder = join(root, HOSTILE_OWNER, HOSTILE_INDEX);
  const body = xssPayloads
    .map((payload, index) => `${payload}\n\nNel ${HOSTILE_TOPIC} la prova numero ${index + 1} resta soltanto testo.`)
    .join("\n\n");
  hostileTitles.forEach((title, index) => {
    // A payload's slashes make folders: the file name (its path in the index) is the payload.
    const filename = `${oneLine(xssPayloads[(index + 10) % xssPayloads.length]!)}.md`;
    const path = join(folder, ...filename.split("/"));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `---\ntitle: ${title}\n---\n\nIl ${HOSTILE_TOPIC} custodisce la prova ${index + 1}.\n\n${body}\n`);
  });
  const pdfLines = xssPayloads.flatMap((payload) => oneLine(payload).match(/.{1,80}/g) ?? []);
  const pages = [
    [`Il ${HOSTILE_TOPIC} custodisce il registro delle prove.`, ...pdfLines.slice(0, 25)],
    pdfLines.slice(25, 50),
    pdfLines.slice(50),
  ];
  writeFileSync(
    join(folder, "registro-ostile.pdf"),
    textPdf(
      pages.filter((lines) => lines.length > 0),
      xssPayloads[0],
    ),
  );
}
