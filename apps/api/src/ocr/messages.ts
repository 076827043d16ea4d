/** What users read from the OCR route (spec 001 §8). */
export const ocrMessages = {
  planOnly: "L'OCR dei PDF è riservato ai piani Business o Enterprise.",
  tooLarge: "File troppo grande: il massimo è 100 MB.",
  noFile: "Nessun file PDF da processare",
  notPdf: "Sono supportati solo file PDF.",
} as const;
