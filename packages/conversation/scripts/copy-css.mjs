// tsup bundles the TypeScript; the stylesheet is shipped as is.
import { copyFileSync } from "node:fs";

copyFileSync(new URL("../src/styles.css", import.meta.url), new URL("../dist/styles.css", import.meta.url));
