import { useSyncExternalStore } from "react";

const nothingToWatch = () => () => {};

/**
 * False while the page is the prerendered HTML (at build, and while React takes it over), true
 * once React owns it: what a control that only React can answer waits for.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
