import { useEffect, useRef } from "react";

/** A dialog is open (the source viewer, a settings panel): its Esc closes it, and stops nothing else. */
const inDialog = (target: EventTarget | null) =>
  (target instanceof Element && target.closest("dialog, [role='dialog']") !== null) ||
  document.querySelector("dialog[open], [role='dialog'][aria-modal='true']") !== null;

/**
 * Issue 36 §7: Esc stops an answer in progress, as the screen's STOP does — from anywhere on the
 * page while `active`, unless a dialog is open (its Esc is its own) or someone handled it already.
 */
export function useEscapeStops(active: boolean, stop: (() => void) | undefined) {
  const latest = useRef(stop);
  useEffect(() => {
    latest.current = stop;
  });
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key !== "Escape" ||
        event.defaultPrevented ||
        event.isComposing ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        event.shiftKey
      )
        return;
      if (inDialog(event.target) || !latest.current) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [active]);
}
