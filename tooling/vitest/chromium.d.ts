export const chromiumExecutablePath: string;
export const chromiumArgs: string[];
