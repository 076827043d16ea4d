import { useStore } from "zustand";
import type { PdfContext, PdfContextState, PdfFile } from "../pdf-context";

/** The chat's PDF context for React: the part a view needs, picked by `select`. */
export function usePdfContext<F extends PdfFile, Picked>(context: PdfContext<F>, select: (state: PdfContextState<F>) => Picked): Picked {
  return useStore(context.store, select);
}
