import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";
import { buttonClassName, cx, type ButtonSize, type ButtonVariant } from "../class-names";
import { uiMessages } from "../messages";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
  children?: ReactNode;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", loading = false, disabled, className, children, type = "button", ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClassName({ variant, size, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <>
          <span className="oy-spinner__ring" aria-hidden="true" />
          <span className="oy-visually-hidden">{uiMessages.loading}</span>
        </>
      ) : null}
      {children}
    </button>
  );
});

export type IconButtonProps = Omit<ButtonProps, "children" | "aria-label"> & {
  /** The accessible name, also shown as a tooltip: an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
};

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, variant = "ghost", className, ...rest },
  ref,
) {
  return (
    <Button ref={ref} variant={variant} aria-label={label} title={label} className={cx("oy-icon-button", className)} {...rest}>
      <span aria-hidden="true">{icon}</span>
    </Button>
  );
});
