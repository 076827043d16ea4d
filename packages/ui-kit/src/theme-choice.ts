import { createStore } from "zustand/vanilla";
import type { Theme } from "./tokens";

// Issue 36 §7: the theme follows the system ('Automatico') unless the user chose 'Chiaro' or
// 'Scuro' in the header's menu. The choice is kept on the device and shown as data-theme on the
// root element; styles.css does the rest (the system's setting through prefers-color-scheme).

export type ThemeChoice = "auto" | Theme;

/** In the order the menu offers them. */
export const THEME_CHOICES = ["auto", "light", "dark"] as const satisfies readonly ThemeChoice[];

/** Where the choice is kept (localStorage, shared by the site and the assistant on one origin). */
export const THEME_STORAGE_KEY = "oystar-tema";

/** The root's attribute styles.css reads; absent under 'Automatico'. */
export const THEME_ATTRIBUTE = "data-theme";

/** What the choice needs of the browser: its storage (which may refuse) and the page's root. */
export type ThemeEnvironment = {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  root: Pick<Element, "setAttribute" | "removeAttribute">;
};

function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

/** The stored choice; 'auto' when none is stored or the storage cannot be read (private mode). */
export function readThemeChoice(storage: ThemeEnvironment["storage"]): ThemeChoice {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : "auto";
  } catch {
    return "auto";
  }
}

/** Shows a choice on the page: a theme chosen is set on the root, 'auto' leaves it to the system. */
export function applyThemeChoice(root: ThemeEnvironment["root"], choice: ThemeChoice): void {
  if (isTheme(choice)) root.setAttribute(THEME_ATTRIBUTE, choice);
  else root.removeAttribute(THEME_ATTRIBUTE);
}

/**
 * The header's theme switch, without React. Its store starts at 'auto', as the prerendered page
 * does (the server knows no device's choice), then takes the stored choice: React hydrates the
 * site's switch as it was drawn, then shows the choice (zustand's initial state is the server's).
 */
export function createThemeSwitch(environment: ThemeEnvironment) {
  const store = createStore<{ choice: ThemeChoice }>()(() => ({ choice: "auto" }));
  store.setState({ choice: readThemeChoice(environment.storage) });
  return {
    store,
    /** The user's choice: kept on the device (when it lets us) and shown at once. */
    choose(choice: ThemeChoice) {
      try {
        if (isTheme(choice)) environment.storage?.setItem(THEME_STORAGE_KEY, choice);
        else environment.storage?.removeItem(THEME_STORAGE_KEY);
      } catch {
        // A storage that refuses (private mode, full): the choice holds until the page is left.
      }
      applyThemeChoice(environment.root, choice);
      store.setState({ choice });
    },
    /** Another tab changed the choice: this page follows it. */
    followStorage() {
      const choice = readThemeChoice(environment.storage);
      applyThemeChoice(environment.root, choice);
      store.setState({ choice });
    },
  };
}
export type ThemeSwitchCore = ReturnType<typeof createThemeSwitch>;
