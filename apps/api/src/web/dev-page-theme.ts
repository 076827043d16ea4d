import { themeBootScript } from "@oystar/ui-kit";

// Issue 52 §7: the development sign-in and checkout pages follow the product's theme — the
// user's choice ('Tema', kept by the apps in localStorage) or, left on 'Automatico', the system's.
// The apps' own boot script sets the choice on the root before the first paint; the
// Content-Security-Policy allows it by its hash (security-headers.ts), as on every page.

/** The apps' theme boot script, as the page's first tag in <head>. */
export const themeScriptTag = `<script>${themeBootScript}</script>`;

/** A page's colours as custom properties: light by default, dark when chosen or when the system is. */
export function themedColours(light: string, dark: string): string {
  return `:root { color-scheme: light; ${light} }
:root[data-theme="dark"] { color-scheme: dark; ${dark} }
@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { color-scheme: dark; ${dark} } }
`;
}
