/**
 * -1 means unlimited (spec 001 §9). Apart from the plan schemas, without zod: the plan cards
 * drawn on the landing need it, the schemas are not on that page's path (issue 15).
 */
export const UNLIMITED = -1;
