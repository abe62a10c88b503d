/** Injection token of the clock (epoch ms), replaceable in tests (token expiry, session expiry). */
export const CLOCK = Symbol('CLOCK');

/** A clock: current time in epoch milliseconds. */
export type Clock = () => number;
