/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `check` every 25 ms until it is true (an event reaching another gateway, say).
 * @returns ms waited
 * @throws Error when it is still false after `ms` milliseconds
 */
export async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await sleep(25);
  }
  return Date.now() - start;
}
