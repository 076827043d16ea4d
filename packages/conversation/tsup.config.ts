import { packageBuild } from "@oystar/tsup-config";
import { defineConfig } from "tsup";

export default defineConfig(packageBuild());
