import { useId } from "react";

export type SuggestionsProps = {
  /** Said above the list, and the list's name ("Prova a chiedere", "Tesi di esempio"). */
  label: string;
  /** What each button says; the list keeps their order. */
  items: readonly string[];
  /** A click (or Enter/Space) on an item: the screen decides what it does with it. */
  onPick: (item: string, index: number) => void;
  disabled?: boolean;
};

/**
 * Issue 36 §3: starting points on an empty screen — a short list of things to ask or argue, each
 * a button, so a newcomer does not have to guess where to begin.
 */
export function Suggestions({ label, items, onPick, disabled = false }: SuggestionsProps) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <div className="oy-suggestions" role="group" aria-labelledby={id}>
      <p id={id} className="oy-suggestions__label">
        {label}
      </p>
      <ul className="oy-suggestions__list">
        {items.map((item, index) => (
          <li key={item}>
            <button type="button" className="oy-suggestion" disabled={disabled} onClick={() => onPick(item, index)}>
              {item}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
