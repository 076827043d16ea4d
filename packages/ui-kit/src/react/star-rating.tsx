import { useId } from "react";
import { cx } from "../class-names";
import { uiMessages } from "../messages";

export type StarRatingProps = {
  /** 0 means not rated yet. */
  value: number;
  onChange?: (value: number) => void;
  label?: string;
  readOnly?: boolean;
};

/** 1–5 stars as a radio group, so arrows move between them (spec 001 §2: debate feedback). */
export function StarRating({ value, onChange, label = uiMessages.ratingGroup, readOnly = false }: StarRatingProps) {
  const name = useId();
  const chosen = uiMessages.starLabels[value - 1];
  return (
    <fieldset className={cx("oy-rating", readOnly && "oy-rating--readonly")} disabled={readOnly}>
      <legend className="oy-rating__legend">{label}</legend>
      <div className="oy-rating__stars">
        {uiMessages.starLabels.map((starLabel, index) => {
          const stars = index + 1;
          return (
            <label key={starLabel} className={cx("oy-rating__star", stars <= value && "oy-rating__star--on")}>
              <input
                type="radio"
                name={name}
                value={stars}
                checked={stars === value}
                aria-label={starLabel}
                onChange={() => onChange?.(stars)}
              />
              <span aria-hidden="true">{stars <= value ? "★" : "☆"}</span>
            </label>
          );
        })}
        <span className="oy-rating__caption" aria-live="polite">
          {chosen ?? ""}
        </span>
      </div>
    </fieldset>
  );
}
