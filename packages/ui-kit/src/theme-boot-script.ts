import { THEME_ATTRIBUTE, THEME_STORAGE_KEY } from "./theme-choice";

/**
 * The script each app's index.html runs in its <head>, before the first paint: a chosen theme is
 * on the root before the page is drawn, so a dark page never flashes light (issue 36 §7). It is
 * inline (no request to wait for) and the server's Content-Security-Policy allows it by its hash
 * alone. It does what readThemeChoice and applyThemeChoice do (theme-boot-script.test.ts), in the
 * oldest JavaScript, and never throws: a storage that refuses leaves the system's theme.
 */
export const themeBootScript = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==="light"||t==="dark")document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},t)}catch(e){}`;
