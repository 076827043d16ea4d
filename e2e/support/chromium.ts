import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";
import { chromiumArgs, chromiumExecutablePath } from "@oystar/vitest-config/chromium";

export function chromiumLaunchOptions(): LaunchOptions {
  if (!existsSync(chromiumExecutablePath)) {
    throw new Error(
      `Chromium not found at ${chromiumExecutablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return { executablePath: chromiumExecutablePath, args: chromiumArgs };
}
