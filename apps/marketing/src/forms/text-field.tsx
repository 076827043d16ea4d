import { useId } from "react";

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
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
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
