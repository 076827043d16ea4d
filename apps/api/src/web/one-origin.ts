// DESIGN.md §2: which part of the product answers a path on the one origin.
import { isAssistantPath } from "@oystar/api-client";

export type Destination = "api" | "assistant-asset" | "assistant-page" | "marketing";

const apiPrefixes = ["/api/", "/groq/", "/idp/"];

export function destinationOf(pathname: string): Destination {
  if (pathname === "/config.json" || apiPrefixes.some((prefix) => pathname.startsWith(prefix))) return "api";
  if (pathname === "/api" || pathname === "/groq" || pathname === "/idp") return "api";
  if (pathname.startsWith("/assistant/")) return "assistant-asset";
  if (isAssistantPath(pathname)) return "assistant-page";
  return "marketing";
}

/** Legacy names of the product (spec 000 §2): old links keep working. */
export const legacyRedirects: Readonly<Record<string, string>> = {
  "/pigna": "/oystar",
  "/pigna-ai": "/oystar-ai",
};
