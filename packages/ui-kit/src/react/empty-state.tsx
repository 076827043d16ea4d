import type { ReactNode } from "react";

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** The heading level fits where the state is shown; a page's main empty state is h1. */
  headingLevel?: 1 | 2 | 3;
};

export function EmptyState({ title, description, icon, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = (["h1", "h2", "h3"] as const)[headingLevel - 1] ?? "h2";
  return (
    <div className="oy-empty-state">
      {icon ? (
        <div className="oy-empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="oy-empty-state__title">{title}</Heading>
      {description ? <p className="oy-empty-state__description">{description}</p> : null}
      {action}
    </div>
  );
}
