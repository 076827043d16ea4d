import { useId } from "react";

export type SliderProps = {
  label: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** How the current value reads, e.g. "20 turni". */
  formatValue?: (value: number) => string;
};

export function Slider({ label, min, max, step = 1, value, onChange, disabled, formatValue = String }: SliderProps) {
  const id = useId();
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
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={formatValue(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}
