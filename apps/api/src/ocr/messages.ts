/** A picture's declared size as users read it: '20.000 × 20.000 pixel'. */
export const pixelSize = ({ width, height }: { width: number; height: number }) =>
  `${width.toLocaleString("it-IT")} × ${height.toLocaleString("it-IT")} pixel`;

/** Why a scan could not be read to its end, by the bound of the reading process it passed (issue 47 §2). */
const refusedScan = (filename: string, why: string) =>
  `Impossibile leggere «${filename}»: ${why}. Il file potrebbe essere danneggiato o troppo complesso.`;

/** What users read from the OCR route (spec 001 §8). */
export const ocrMessages = {
  planOnly: "L'OCR dei PDF è riservato ai piani Business o Enterprise.",
  tooLarge: "File troppo grande: il massimo è 100 MB.",
  noFile: "Nessun file PDF da processare",
  notPdf: "Sono supportati solo file PDF.",
  busy: "OCR occupato: troppe richieste in corso, riprova tra qualche minuto.",
  /** Issue 47 §1: a page that declares a picture past the budget is refused before it is drawn. */
  imageTooLarge: (filename: string, image: { page: number; width: number; height: number }) =>
    `Impossibile leggere «${filename}»: a pagina ${image.page} un'immagine dichiara ${pixelSize(image)}, troppi per l'OCR. Il file potrebbe essere danneggiato o costruito per bloccare la lettura.`,
  outOfMemory: (filename: string) => refusedScan(filename, "la lettura richiede troppa memoria"),
  timedOut: (filename: string) => refusedScan(filename, "la lettura richiede troppo tempo"),
  crashed: (filename: string) => refusedScan(filename, "la lettura si è interrotta"),
} as const;
