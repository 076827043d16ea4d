import { useEffect } from "react";
// zustand's useStore renders the store's initial state ('auto') while hydrating, as the server drew.
import { useStore } from "zustand";
import { createThemeSwitch, THEME_STORAGE_KEY, type ThemeSwitchCore } from "../theme-choice";

let pageSwitch: ThemeSwitchCore | null = null;

/**
 * This page's one switch, made on first use. While the site is prerendered there is no page: the
 * switch drawn there shows 'Automatico' and changes nothing (the browser's own takes over).
 */
export function pageThemeSwitch(): ThemeSwitchCore {
  if (typeof document === "undefined") return createThemeSwitch({ storage: null, root: { setAttribute() {}, removeAttribute() {} } });
  pageSwitch ??= createThemeSwitch({ storage: deviceStorage(), root: document.documentElement });
  return pageSwitch;
}

/** localStorage, or null where reading it throws (storage blocked by the browser's settings). */
function deviceStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The choice shown by a switch, kept in step with a choice made in another tab. */
export function useThemeSwitch(themeSwitch: ThemeSwitchCore) {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // A key of null: the other tab cleared the whole storage.
      if (event.key === THEME_STORAGE_KEY || event.key === null) themeSwitch.followStorage();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [themeSwitch]);
  return useStore(themeSwitch.store, (state) => state.choice);
}
