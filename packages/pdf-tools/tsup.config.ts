import { packageBuild } from "@oystar/tsup-config";
import { defineConfig } from "tsup";

// Core only for now: the React views (PDF drop zone, OCR confirmation) come with the PDF upload.
export default defineConfig({ ...packageBuild(), entry: { index: "src/index.ts" } });
