import type { ActionResult } from '@nightfall/game-rules';

/** Sentences of a result text. */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

/**
 * The night result without the Role Copier's discovery, which has its own panel: the engine repeats the
 * copy sentences (and the copied card) at the start of the copier's result.
 */
export function withoutDiscovery(result: ActionResult | null, immediate: ActionResult | null): ActionResult | null {
  if (!result || !immediate?.message) return result;
  const known = new Set(sentences(immediate.message));
  const parts = sentences(result.message);
  let skip = 0;
  while (skip < parts.length && known.has(parts[skip]!)) skip++;
  if (skip === 0 || skip === parts.length) return result;
  const seenBefore = new Set((immediate.data?.seen ?? []).map((x) => `${x.userId ?? ''}:${x.centerIndex ?? ''}:${x.role}`));
  const seen = result.data?.seen?.filter((x) => !seenBefore.has(`${x.userId ?? ''}:${x.centerIndex ?? ''}:${x.role}`));
  return { message: parts.slice(skip).join(' '), ...(result.data ? { data: { ...result.data, seen } } : {}) };
}
