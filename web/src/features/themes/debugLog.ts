/** The upload card's debug log: the last 10 lines (spec 001 section 9), each with the time. */

/** Lines kept (spec 001 section 9 "debug log 10 lines"). */
export const DEBUG_LOG_LINES = 10;

/** Adds lines at the end and keeps the last {@link DEBUG_LOG_LINES}. */
export function appendLog(lines: readonly string[], added: readonly string[], max = DEBUG_LOG_LINES): string[] {
  return [...lines, ...added].slice(-max);
}

/** '[14:03:09] text' in local time. */
export function stampLine(text: string, at: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `[${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}] ${text}`;
}
