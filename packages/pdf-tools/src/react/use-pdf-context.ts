import { useSyncExternalStore } from "react";
import type { PdfContext, PdfContextState, PdfFile } from "../pdf-context";

/** The chat's PDF context for React. */
export function usePdfContext<F extends PdfFile>(context: PdfContext<F>): PdfContextState<F> {
  return useSyncExternalStore(context.subscribe, context.getSnapshot, context.getSnapshot);
}
