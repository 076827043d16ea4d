import { EmptyState } from "@oystar/ui-kit/react";

/** A module's screen before its controls arrive: its title and what it does. */
export function ModulePage({ title, description, icon }: { title: string; description: string; icon: string }) {
  return (
    <>
      <title>{`${title} — OYSTAR`}</title>
      <EmptyState headingLevel={1} icon={icon} title={title} description={description} />
    </>
  );
}
