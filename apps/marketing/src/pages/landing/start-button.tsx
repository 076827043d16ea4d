import { Button, type ButtonProps } from "@oystar/ui-kit/react";
import { destinationOf, useStart, type Start } from "./use-start";

/**
 * A landing button that starts something (use-start.ts). The page arrives prerendered and is
 * on screen before its scripts; until React takes it over (on a slow phone, a second or more) a
 * click must still lead somewhere. So the button is a form's: without React it asks /login to
 * take the visitor to the destination (signing in there when needed); once React owns the page
 * it starts the same thing itself, without that stop.
 */
export function StartButton({ start, ...button }: { start: Start } & Omit<ButtonProps, "type" | "onClick">) {
  const begin = useStart();
  return (
    <form
      className="start-form"
      method="get"
      action="/login"
      onSubmit={(event) => {
        event.preventDefault();
        void begin(start);
      }}
    >
      <input type="hidden" name="returnTo" value={destinationOf(start)} />
      <Button type="submit" {...button} />
    </form>
  );
}
