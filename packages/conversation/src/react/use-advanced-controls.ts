import { useEffect, useState } from "react";
import { ADVANCED_CONTROLS_EVENT } from "../advanced-controls";

/** Whether the advanced settings are open; the window event `toggleAdvancedControls` toggles them. */
export function useAdvancedControls(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const toggle = () => setOpen((current) => !current);
    window.addEventListener(ADVANCED_CONTROLS_EVENT, toggle);
    return () => window.removeEventListener(ADVANCED_CONTROLS_EVENT, toggle);
  }, []);
  return [open, setOpen];
}
