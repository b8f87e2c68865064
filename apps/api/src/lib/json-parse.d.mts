export function parseBounded(
  view: Uint8Array,
  maxDepth: number,
): { value?: unknown; refused?: 'depth' | 'syntax'; message?: string };
