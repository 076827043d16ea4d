import { useId, useState } from "react";
import { uiMessages } from "../messages";
import { THEME_CHOICES, type ThemeChoice, type ThemeSwitchCore } from "../theme-choice";
import { pageThemeSwitch, useThemeSwitch } from "./use-theme-switch";

export type ThemeSwitchProps = {
  /** The switch's core; the page's own by default (a test or a story passes its own). */
  themeSwitch?: ThemeSwitchCore;
};

/**
 * 'Tema: Automatico / Chiaro / Scuro' for the header's menu (issue 36 §7). A native select: named
 * by its label, worked with the keyboard and a screen reader as every select is, and drawn by the
 * browser in the theme's colours (color-scheme). A choice applies at once and stays on the device.
 */
export function ThemeSwitch({ themeSwitch }: ThemeSwitchProps) {
  // The page's switch is made in the browser, at the first render there (never during a prerender).
  const [core] = useState(() => themeSwitch ?? pageThemeSwitch());
  const choice = useThemeSwitch(core);
  const id = useId();
  return (
    <div className="oy-theme-switch">
      <label htmlFor={id} className="oy-theme-switch__label">
        {uiMessages.theme.label}
      </label>
      <select id={id} className="oy-theme-switch__select" value={choice} onChange={(event) => core.choose(event.target.value as ThemeChoice)}>
        {THEME_CHOICES.map((option) => (
          <option key={option} value={option}>
            {uiMessages.theme[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
