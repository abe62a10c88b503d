import type { ActionResult } from '@nightfall/game-rules';
import { actionTargets } from '../../../i18n/rules';
import { artifactInfo, isMutingArtifact } from '../artifacts';
import { withoutDiscovery } from './discovery';

describe('withoutDiscovery (Role Copier night result)', () => {
  const ava = { userId: 'a', displayName: 'Ava' };
  const copied = { code: 'copied_role', params: { player: ava, role: 'Protector', team: 'good' } } as const;
  const immediate: ActionResult = {
    lines: [copied, { code: 'copy_choose_action', params: { role: 'Protector' } }],
    data: { copiedRole: 'Protector', seen: [{ userId: 'a', displayName: 'Ava', role: 'Protector' }] },
  };
  const protectedBot = { code: 'protected_player', params: { player: { userId: 'b1', displayName: 'Bot 1' } } } as const;
  it('drops the repeated copy lines and the copied card', () => {
    const result: ActionResult = { lines: [copied, protectedBot], data: { seen: [{ userId: 'a', displayName: 'Ava', role: 'Protector' }] } };
    expect(withoutDiscovery(result, immediate)).toEqual({ lines: [protectedBot], data: { seen: [] } });
  });
  it('keeps a result that only repeats the discovery, or has nothing to do with it', () => {
    const same: ActionResult = { lines: [copied] };
    expect(withoutDiscovery(same, immediate)).toBe(same);
    const other: ActionResult = { lines: [{ code: 'saw_center_card', params: { center: 0, role: 'Bad Guy' } }] };
    expect(withoutDiscovery(other, immediate)).toBe(other);
    expect(withoutDiscovery(other, null)).toBe(other);
    expect(withoutDiscovery(null, immediate)).toBeNull();
  });
});

describe('artifacts', () => {
  it('names the five artifacts from their engine ids', () => {
    expect(artifactInfo('claw_of_the_werewolf')).toMatchObject({ kind: 'claw', team: 'bad' });
    expect(artifactInfo('brand_of_the_villager')).toMatchObject({ kind: 'brand', team: 'good' });
    expect(artifactInfo('cudgel_of_the_tanner')).toMatchObject({ kind: 'cudgel', team: 'neutral' });
    expect(artifactInfo('void_of_nothingness')?.kind).toBe('void');
    expect(artifactInfo('mask_of_muting')?.kind).toBe('mask');
    expect(artifactInfo('something_else')).toEqual({ id: 'something_else', kind: 'unknown' });
    expect(artifactInfo(null)).toBeNull();
  });
  it('mutes only the Mask of Muting holder', () => {
    expect(isMutingArtifact('mask_of_muting')).toBe(true);
    expect(isMutingArtifact('void_of_nothingness')).toBe(false);
    expect(isMutingArtifact(null)).toBe(false);
  });
});

describe('night log texts', () => {
  const names: Record<string, string> = { a: 'Ava', b: 'Ben' };
  const nameOf = (id: string) => names[id] ?? '?';
  it('summarises the targets of an action', () => {
    expect(actionTargets({ type: 'swap_players', player1UserId: 'a', player2UserId: 'b' }, nameOf)).toBe('Ava and Ben');
    expect(actionTargets({ type: 'view_center', positions: [0, 2] }, nameOf)).toBe('center cards 1 and 3');
    expect(actionTargets({ type: 'view_and_swap', centerIndex: 1, targetUserId: 'b' }, nameOf)).toBe('center card 2 → Ben');
    expect(actionTargets({ type: 'investigate_players', targetUserIds: ['b', 'a'] }, nameOf)).toBe('Ben and Ava');
    expect(actionTargets({ type: 'shift_cards', direction: 'left' }, nameOf)).toBe('to the left');
    expect(actionTargets({ type: 'pass' }, nameOf)).toBe('');
  });
});
