import type { Options } from "tsup";

export function packageBuild(): Options;
