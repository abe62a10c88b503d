import type { ActionResult } from '@nightfall/game-rules';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The night result without the Role Copier's discovery, which has its own panel: the engine repeats the
 * copy's lines (and the copied card) at the start of the copier's result (docs/rules.md "Results, notices
 * and announcements").
 */
export function withoutDiscovery(result: ActionResult | null, immediate: ActionResult | null): ActionResult | null {
  if (!result || !immediate?.lines?.length) return result;
  const known = immediate.lines;
  const lines = result.lines ?? [];
  let skip = 0;
  while (skip < lines.length && known.some((k) => same(k, lines[skip]))) skip++;
  if (skip === 0 || skip === lines.length) return result;
  const seenBefore = new Set((immediate.data?.seen ?? []).map((x) => `${x.userId ?? ''}:${x.centerIndex ?? ''}:${x.role}`));
  const seen = result.data?.seen?.filter((x) => !seenBefore.has(`${x.userId ?? ''}:${x.centerIndex ?? ''}:${x.role}`));
  return { lines: lines.slice(skip), ...(result.data ? { data: { ...result.data, seen } } : {}) };
}
