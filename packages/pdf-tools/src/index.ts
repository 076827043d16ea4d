export { answerPdf, answerPdfFileName, PDF_LAYOUT, simplifiedPdfText } from "./answer-pdf";
export type { AnswerPdf } from "./answer-pdf";
export { pdfMessages } from "./messages";
