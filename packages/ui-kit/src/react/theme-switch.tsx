import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { cx } from "../class-names";
import { uiMessages } from "../messages";
import { THEME_CHOICES, type ThemeChoice, type ThemeSwitchCore } from "../theme-choice";
import { pageThemeSwitch, useThemeSwitch } from "./use-theme-switch";

export type ThemeSwitchProps = {
  /** The switch's core; the page's own by default (a test or a story passes its own). */
  themeSwitch?: ThemeSwitchCore;
};

/**
 * 'Tema: Automatico' (or Chiaro, or Scuro) for a header's menu (issue 36 §7). A button that says
 * the choice opens the three as radio buttons below it: native radios, so arrows move between them
 * and a screen reader says which is chosen. A choice applies at once and stays on the device; the
 * list stays open to compare, and Escape or a press outside it closes it, the focus back on the
 * button. In the assistant's wide header row the button shows its icon alone (styles.css).
 */
export function ThemeSwitch({ themeSwitch }: ThemeSwitchProps) {
  // The page's switch is made in the browser, at the first render there (never during a prerender).
  const [core] = useState(() => themeSwitch ?? pageThemeSwitch());
  const choice = useThemeSwitch(core);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const choicesId = useId();
  const name = `${uiMessages.theme.label}: ${uiMessages.theme[choice]}`;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  // Escape closes the choices alone, not a header menu around them (which listens on the document).
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div ref={box} className="oy-theme-switch" onKeyDown={closeOnEscape}>
      <button
        ref={button}
        type="button"
        className="oy-button oy-button--ghost oy-button--sm oy-theme-switch__button"
        aria-expanded={open}
        aria-controls={choicesId}
        title={name}
        onClick={() => setOpen(!open)}
      >
        <ThemeIcon choice={choice} />
        <span className="oy-theme-switch__name">{name}</span>
      </button>
      <fieldset id={choicesId} className={cx("oy-theme-switch__choices", open && "oy-theme-switch__choices--open")} hidden={!open}>
        <legend className="oy-visually-hidden">{uiMessages.theme.label}</legend>
        {THEME_CHOICES.map((option) => (
          <label key={option} className="oy-theme-switch__choice">
            <input type="radio" name={choicesId} value={option} checked={choice === option} onChange={() => core.choose(option)} />
            {uiMessages.theme[option]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/** A sun (Chiaro), a moon (Scuro), half of each (Automatico: the system decides). */
function ThemeIcon({ choice }: { choice: ThemeChoice }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {choice === "light" ? (
        <>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </>
      ) : choice === "dark" ? (
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      ) : (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 3v18a9 9 0 0 0 0-18z" fill="currentColor" />
        </>
      )}
    </svg>
  );
}
