import { Module, type DynamicModule, type ValueProvider } from '@nestjs/common';

/** Injection token of the clock, replaceable in tests (token expiry, deadlines, passes). */
export const CLOCK = Symbol('CLOCK');

/** A clock: the current time in epoch milliseconds. */
export type Clock = () => number;

/**
 * Provider of {@link CLOCK}.
 * @param clock epoch-ms clock; `Date.now` unless a test injects a fixed or stepped one
 */
export function clockProvider(clock: Clock = Date.now): ValueProvider<Clock> {
  return { provide: CLOCK, useValue: clock };
}

/** Global module providing {@link CLOCK}: `imports: [ClockModule.forRoot(clock)]` in a root module. */
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = Date.now): DynamicModule {
    return { module: ClockModule, global: true, providers: [clockProvider(clock)], exports: [CLOCK] };
  }
}
