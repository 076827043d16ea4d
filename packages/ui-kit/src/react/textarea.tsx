import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { autoGrowHeight, isSubmitKey, TEXTAREA_MAX_HEIGHT } from "../auto-grow";
import { cx } from "../class-names";

export type TextareaProps = {
  value: string;
  onChange: (value: string) => void;
  /** Enter sends; Shift+Enter starts a new line (spec 001 §2). Without it Enter starts a new line. */
  onSubmit?: () => void;
  /** The accessible name of the field. */
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  disabled?: boolean;
  maxHeight?: number;
  /** The height it starts from, in lines. */
  rows?: number;
  /** The most characters it takes (the browser stops typing there). */
  maxLength?: number;
  /** A line under the field that describes it (a hint, a character counter). */
  description?: ReactNode;
  className?: string;
  /** Takes the focus when it appears (the question box on a page's load, issue 52 §7). */
  focusOnMount?: boolean;
};

export function Textarea({
  value,
  onChange,
  onSubmit,
  label,
  hideLabel = true,
  placeholder,
  disabled,
  maxHeight = TEXTAREA_MAX_HEIGHT,
  rows = 1,
  maxLength,
  description,
  className,
  focusOnMount = false,
}: TextareaProps) {
  const id = useId();
  const descriptionId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [scrolls, setScrolls] = useState(false);

  // Measure after every change: shrink to content first, then cap at maxHeight.
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = "auto";
    const next = autoGrowHeight(element.scrollHeight, maxHeight);
    element.style.height = `${next.height}px`;
    setScrolls(next.scrolls);
  }, [value, maxHeight]);

  useEffect(() => {
    if (focusOnMount) field.current?.focus({ preventScroll: true });
    // Only when it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (onSubmit && isSubmitKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) {
      event.preventDefault();
      if (!disabled) onSubmit();
    }
  };

  return (
    <div className={cx("oy-field", className)}>
      <label htmlFor={id} className={hideLabel ? "oy-visually-hidden" : "oy-field__label"}>
        {label}
      </label>
      <textarea
        id={id}
        ref={field}
        rows={rows}
        maxLength={maxLength}
        aria-describedby={description ? descriptionId : undefined}
        className={cx("oy-textarea", scrolls && "oy-textarea--scrolls")}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {description ? (
        <p id={descriptionId} className="oy-field__hint">
          {description}
        </p>
      ) : null}
    </div>
  );
}
