import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Lazily loaded views (the chat's Markdown renderer) are transformed on first import; on a busy
// CI machine that can exceed the 1 s default of findBy*/waitFor.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
