import { useEffect, useId, useRef } from "react";

export type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  type?: "text" | "email";
  multiline?: boolean;
  autoComplete?: string;
};

/** A labelled input whose error is announced and tied to it. */
export function TextField({ label, value, onChange, error, hint, required, type = "text", multiline, autoComplete }: TextFieldProps) {
  const id = useId();
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // The page arrives prerendered and can be typed into before React takes it over; React keeps
  // that text on screen but not in its state, and the next redraw would empty the field. Taken
  // over once, when the field comes to life: nothing typed is lost.
  const adoptTyped = useRef(() => {
    const typed = control.current?.value;
    if (typed && typed !== value) onChange(typed);
  });
  useEffect(() => adoptTyped.current(), []);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    ref: control,
    className: "oy-input",
    value,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="oy-field">
      <label htmlFor={id} className="oy-field__label">
        {label}
        {required ? " *" : ""}
      </label>
      {multiline ? <textarea rows={4} {...shared} /> : <input type={type} autoComplete={autoComplete} {...shared} />}
      {hint ? (
        <p id={`${id}-hint`} className="oy-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="oy-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
