import type { RoleId } from '@nightfall/game-rules';
import { PENDING_FALLBACK_MS, pendingAfter, type OptimisticEvent } from './optimisticRoles';

/** Replays events from no pending selection; returns the pending selection after each. */
function replay(events: OptimisticEvent[]): Array<RoleId[] | null> {
  let pending: RoleId[] | null = null;
  return events.map((e) => (pending = pendingAfter(pending, e)));
}

const A: RoleId[] = ['Bad Guy', 'Bad Guy', 'Role Thief'];
const B: RoleId[] = ['Bad Guy', 'Role Thief'];
const C: RoleId[] = ['Bad Guy', 'Role Thief', 'Role Looker'];

describe("the host's optimistic role selection (docs/architecture.md \"Table experience\")", () => {
  it('shows the last selection sent until the server holds the same cards, in any order', () => {
    expect(replay([{ kind: 'sent', roles: A }, { kind: 'server', roles: ['Role Thief', 'Bad Guy', 'Bad Guy'] }])).toEqual([A, null]);
  });

  it('keeps the newest tap while the server confirms an older one, so taps build on each other', () => {
    // two quick taps: B then C; the server's view of B arrives while C is on its way
    expect(replay([{ kind: 'sent', roles: B }, { kind: 'sent', roles: C }, { kind: 'server', roles: B }, { kind: 'server', roles: C }])).toEqual([B, C, C, null]);
  });

  it('gives the screen back to the server when an action is refused or nothing answered in time', () => {
    expect(replay([{ kind: 'sent', roles: A }, { kind: 'refused' }])).toEqual([A, null]);
    expect(replay([{ kind: 'sent', roles: A }, { kind: 'expired' }])).toEqual([A, null]);
    expect(replay([{ kind: 'server', roles: A }])).toEqual([null]);
  });

  it('waits long enough for a slow phone network before it falls back', () => {
    // with a 3 s fallback, a confirmation slower than that let the next tap build on the server's older list
    // (docs/architecture.md "Table experience"); a refusal answers at once, so the fallback only covers a lost message
    expect(PENDING_FALLBACK_MS).toBeGreaterThanOrEqual(10_000);
  });
});
