export const xssPayloads: string[];
export function unsafeMarkup(root: Element, options?: { allowed?: string[] }): string[];
export function cutsOf(payload: string): Array<[string, string]>;
export function modelStreamResponse(pieces: string[], cutShare: number): Response;
