export const placeholderReact = 2;
