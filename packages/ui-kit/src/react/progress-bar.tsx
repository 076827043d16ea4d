import { useId, type ReactNode } from "react";

export type ProgressBarProps = {
  /** What is progressing (the accessible name, shown above the bar). */
  label: ReactNode;
  /** 0–100. */
  percent: number;
  /** How far along it is in words, e.g. '4/20 turni completati' (shown under the bar, read as its value). */
  valueText: string;
};

/**
 * A determinate progress bar, e.g. the debate synthesis's hidden turns (spec 001 §2). The native
 * <progress> draws its own fill, so no inline style is needed (the CSP forbids them).
 */
export function ProgressBar({ label, percent, valueText }: ProgressBarProps) {
  const labelId = useId();
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div className="oy-progress">
      <p id={labelId} className="oy-progress__label">
        {label}
      </p>
      <progress className="oy-progress__bar" aria-labelledby={labelId} aria-valuetext={valueText} max={100} value={value} />
      <p className="oy-progress__value" aria-hidden="true">
        {valueText}
      </p>
    </div>
  );
}
