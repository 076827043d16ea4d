import { useId, type ReactNode } from "react";

export type ToggleProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
  disabled?: boolean;
};

/** An on/off switch (role="switch"), e.g. 'Deep Think' or the debate's auto mode. */
export function Toggle({ label, checked, onChange, description, disabled }: ToggleProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="oy-toggle">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        disabled={disabled}
        className="oy-toggle__switch"
        onClick={() => onChange(!checked)}
      />
      <span className="oy-toggle__text">
        <span id={labelId} className="oy-toggle__label">
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className="oy-toggle__description">
            {description}
          </span>
        ) : null}
      </span>
    </div>
  );
}
