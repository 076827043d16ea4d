export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";
export type Tone = "neutral" | "brand" | "success" | "warning" | "danger";
export type NoticeTone = "info" | "success" | "warning" | "error";

/** Joins class names, skipping empty ones. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}

/** Button look for any element, so an app can style a router link as a button. */
export function buttonClassName(options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  const { variant = "primary", size = "md", className } = options;
  return cx("oy-button", `oy-button--${variant}`, `oy-button--${size}`, className);
}

export function badgeClassName(tone: Tone = "neutral"): string {
  return cx("oy-badge", `oy-badge--${tone}`);
}
