import type { ReactNode } from "react";
import { useId } from "react";
import { cx } from "../class-names";

export type CardProps = {
  title?: ReactNode;
  headingLevel?: 2 | 3;
  footer?: ReactNode;
  className?: string;
  children?: ReactNode;
};

export function Card({ title, headingLevel = 2, footer, className, children }: CardProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={cx("oy-card", className)} aria-labelledby={title ? titleId : undefined}>
      {title ? (
        <Heading id={titleId} className="oy-card__title">
          {title}
        </Heading>
      ) : null}
      {children}
      {footer ? <div className="oy-card__footer">{footer}</div> : null}
    </section>
  );
}
