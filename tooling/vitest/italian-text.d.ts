export const ENGLISH_WORDS: string[];
export const SPEC_ENGLISH: string[];
export function englishFragments(text: string): string[];
export const TECHNICAL_TERMS: string[];
export function bareTechnicalTerms(text: string): string[];
export function readableText(root: Element): string;
