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
  const switchId = useId();
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="oy-toggle">
      <button
        id={switchId}
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
        {/* Issue 52 §7: a label, so a click on its words flips the switch as a checkbox's would. */}
        <label id={labelId} htmlFor={switchId} className="oy-toggle__label">
          {label}
        </label>
        {description ? (
          <span id={descriptionId} className="oy-toggle__description">
            {description}
          </span>
        ) : null}
      </span>
    </div>
  );
}
