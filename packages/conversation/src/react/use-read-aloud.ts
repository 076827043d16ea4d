import { useEffect, useMemo } from "react";
import { createReadAloud, type ReadAloud } from "../speech";

/** The browser's Italian voice for this screen; leaving the screen stops it. */
export function useReadAloud(): ReadAloud {
  const readAloud = useMemo(
    () =>
      createReadAloud(
        typeof speechSynthesis === "undefined" ? undefined : speechSynthesis,
        typeof SpeechSynthesisUtterance === "undefined" ? undefined : (text) => new SpeechSynthesisUtterance(text),
      ),
    [],
  );
  useEffect(() => () => readAloud.stop(), [readAloud]);
  return readAloud;
}
