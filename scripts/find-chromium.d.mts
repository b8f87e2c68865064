export const chromiumArgs: string[];
export const installHint: string;
export function findChromium(): string | undefined;
