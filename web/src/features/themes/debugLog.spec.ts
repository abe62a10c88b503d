import { describe, expect, it } from '@jest/globals';
import { DEBUG_LOG_LINES, appendLog, stampLine } from './debugLog';

describe('debug log (spec 001 section 9: 10 lines)', () => {
  it('keeps the last 10 lines', () => {
    const lines = appendLog([], Array.from({ length: 12 }, (_, i) => `l${i}`));
    expect(DEBUG_LOG_LINES).toBe(10);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('l2');
    expect(appendLog(lines, ['x']).at(-1)).toBe('x');
  });

  it('stamps lines with the time', () => {
    expect(stampLine('hello', new Date(2025, 0, 1, 9, 5, 7))).toBe('[09:05:07] hello');
  });
});
