import type { HTMLAttributes, ReactNode } from "react";
import { badgeClassName, cx, type Tone } from "../class-names";

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: Tone; children: ReactNode };

export function Badge({ tone = "neutral", className, children, ...rest }: BadgeProps) {
  return (
    <span className={cx(badgeClassName(tone), className)} {...rest}>
      {children}
    </span>
  );
}
