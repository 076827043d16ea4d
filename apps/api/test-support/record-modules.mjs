// Loaded with --import before a server starts: writes every module URL it resolves to the file
// named by RECORD_MODULES_TO, so a test can tell which code a configuration loads.
import { register } from "node:module";

register("./record-modules-hooks.mjs", import.meta.url, { data: { file: process.env.RECORD_MODULES_TO } });
