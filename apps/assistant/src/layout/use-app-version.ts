import { runtimeConfigSchema } from "@oystar/api-client";
import { useEffect, useState } from "react";
import { api } from "../api";

/** The version shown next to the product name, from /config.json (one build, any environment). */
export function useAppVersion(): string | null {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api
      .get("/config.json", runtimeConfigSchema)
      .then((config) => current && setVersion(config.version))
      .catch(() => {
        // Without the configuration the header simply shows no version.
      });
    return () => {
      current = false;
    };
  }, []);
  return version;
}
