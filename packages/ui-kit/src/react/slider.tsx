import { useId, type ReactNode } from "react";

export type SliderProps = {
  label: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** A sentence under the slider (what the value does), read out with it. */
  description?: ReactNode;
  /** How the current value reads, e.g. "20 turni". */
  formatValue?: (value: number) => string;
  /**
   * The values the slider stops at, in order, when they are not an even grid from `min` (a
   * default between two steps); `min`, `max` and `step` are then not used.
   */
  stops?: readonly number[];
};

/** The stop nearest to a value. */
const nearestIndex = (stops: readonly number[], value: number) =>
  stops.reduce((best, stop, index) => (Math.abs(stop - value) < Math.abs((stops[best] ?? stop) - value) ? index : best), 0);

export function Slider({ label, min, max, step = 1, value, onChange, disabled, formatValue = String, stops, description }: SliderProps) {
  const id = useId();
  const descriptionId = useId();
  // With stops, the input moves over their positions and reads out the value at each.
  const position = stops
    ? { min: 0, max: stops.length - 1, step: 1, value: nearestIndex(stops, value), toValue: (index: number) => stops[index] ?? value }
    : { min, max, step, value, toValue: (raw: number) => raw };
  return (
    <div className="oy-slider">
      <div className="oy-slider__header">
        <label htmlFor={id} className="oy-slider__label">
          {label}
        </label>
        <output htmlFor={id} className="oy-slider__value">
          {formatValue(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className="oy-slider__input"
        min={position.min}
        max={position.max}
        step={position.step}
        value={position.value}
        disabled={disabled}
        aria-valuetext={formatValue(value)}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(event) => onChange(position.toValue(Number(event.target.value)))}
      />
      {description ? (
        <p id={descriptionId} className="oy-field__hint">
          {description}
        </p>
      ) : null}
    </div>
  );
}
