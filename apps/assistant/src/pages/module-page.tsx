import { EmptyState } from "@oystar/ui-kit/react";

/** A module's screen before its controls arrive: its title and what it does. */
export function ModulePage({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{`${title} — OYSTAR`}</title>
      <EmptyState headingLevel={1} title={title} description={description} />
    </>
  );
}
