import { defaultSettings, type Settings } from "@oystar/api-client";
import { Slider, Toggle } from "@oystar/ui-kit/react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { parseIndexNames, sliderStops, type SettingsField } from "./settings-fields";

type Props = {
  field: SettingsField;
  settings: Settings;
  onChange: (change: Partial<Settings>) => void;
};

const italianNumber = (value: number) => value.toLocaleString("it-IT", { maximumFractionDigits: 2 });

/** One field of the global settings form, drawn for its kind. */
export function SettingsFieldControl({ field, settings, onChange }: Props) {
  const id = useId();
  const label = (
    <label htmlFor={id} className="oy-field__label">
      {field.label}
    </label>
  );
  switch (field.kind) {
    case "flag":
      return <Toggle label={field.label} checked={settings[field.key]} onChange={(checked) => onChange({ [field.key]: checked })} />;
    case "range":
      return (
        <Slider
          label={field.label}
          min={field.min}
          max={field.max}
          step={field.step}
          value={settings[field.key]}
          formatValue={(value) => (field.unit ? `${italianNumber(value)} ${field.unit}` : italianNumber(value))}
          onChange={(value) => onChange({ [field.key]: value })}
          stops={sliderStops(field, defaultSettings[field.key], settings[field.key]) ?? undefined}
        />
      );
    case "number": {
      const value = settings[field.key];
      const outside = !Number.isFinite(value) || value < field.min || value > field.max;
      return (
        <div className="oy-field">
          {label}
          <input
            id={id}
            className="oy-input"
            type="number"
            inputMode="numeric"
            min={field.min}
            max={field.max}
            step={field.step}
            // An emptied box is NaN in the draft: the form refuses to save it, with the bound.
            value={Number.isFinite(value) ? value : ""}
            aria-invalid={outside}
            onChange={(event) => onChange({ [field.key]: event.target.value === "" ? Number.NaN : Number(event.target.value) })}
          />
          <p className="oy-field__hint">
            {`Da ${italianNumber(field.min)} a ${italianNumber(field.max)}${field.unit ? ` ${field.unit}` : ""}`}
          </p>
        </div>
      );
    }
    case "choice":
      return (
        <div className="oy-field">
          {label}
          <select id={id} className="oy-input" value={settings[field.key]} onChange={(event) => onChange({ [field.key]: event.target.value })}>
            {field.options(settings).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      );
    case "text":
      return (
        <div className="oy-field">
          {label}
          <input id={id} className="oy-input" value={settings[field.key]} onChange={(event) => onChange({ [field.key]: event.target.value })} />
        </div>
      );
    case "prompt":
      return (
        <div className="oy-field">
          {label}
          <textarea id={id} className="oy-input" rows={5} value={settings[field.key]} onChange={(event) => onChange({ [field.key]: event.target.value })} />
        </div>
      );
    case "list":
      return <ListField id={id} label={label} hint={field.hint} names={settings[field.key]} onChange={(names) => onChange({ [field.key]: names })} />;
  }
}

/** A comma-separated list, kept as typed (a trailing comma survives) while its names are the value. */
function ListField({ id, label, hint, names, onChange }: { id: string; label: ReactNode; hint: string; names: string[]; onChange: (names: string[]) => void }) {
  const [text, setText] = useState(names.join(", "));
  // A change from outside (the defaults restored) replaces what was typed.
  useEffect(() => {
    setText((typed) => (parseIndexNames(typed).join(",") === names.join(",") ? typed : names.join(", ")));
  }, [names]);
  const hintId = `${id}-hint`;
  return (
    <div className="oy-field">
      {label}
      <input
        id={id}
        className="oy-input"
        value={text}
        aria-describedby={hintId}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseIndexNames(event.target.value));
        }}
      />
      <p id={hintId} className="oy-field__hint">
        {hint}
      </p>
    </div>
  );
}
