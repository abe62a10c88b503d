import { describeAction, type ActionResult } from '@nightfall/game-rules';
import { artifactInfo, isMutingArtifact } from '../artifacts';
import { actionTargets, describeLogEntry } from '../results/actionText';
import { withoutDiscovery } from './discovery';

describe('withoutDiscovery (Role Copier night result)', () => {
  const immediate: ActionResult = {
    message: 'You copied Ava: Protector. You are now on the Good Team and act as the Protector. Now choose your Protector action.',
    data: { copiedRole: 'Protector', seen: [{ userId: 'a', displayName: 'Ava', role: 'Protector' }] },
  };
  it('drops the repeated copy sentences and the copied card', () => {
    const result: ActionResult = {
      message: 'You copied Ava: Protector. You are now on the Good Team and act as the Protector. You protected Bot 1: Bot 1 cannot be eliminated by the vote.',
      data: { seen: [{ userId: 'a', displayName: 'Ava', role: 'Protector' }] },
    };
    expect(withoutDiscovery(result, immediate)).toEqual({ message: 'You protected Bot 1: Bot 1 cannot be eliminated by the vote.', data: { seen: [] } });
  });
  it('keeps a result that only repeats the discovery, or has nothing to do with it', () => {
    const same: ActionResult = { message: 'You copied Ava: Protector.' };
    expect(withoutDiscovery(same, immediate)).toBe(same);
    const other: ActionResult = { message: 'You looked at center card 1: Bad Guy.' };
    expect(withoutDiscovery(other, immediate)).toBe(other);
    expect(withoutDiscovery(other, null)).toBe(other);
    expect(withoutDiscovery(null, immediate)).toBeNull();
  });
});

describe('artifacts', () => {
  it('names the five artifacts from their engine ids', () => {
    expect(artifactInfo('claw_of_the_werewolf')).toMatchObject({ kind: 'claw', name: 'Claw of the Werewolf', team: 'bad' });
    expect(artifactInfo('brand_of_the_villager')).toMatchObject({ kind: 'brand', team: 'good' });
    expect(artifactInfo('cudgel_of_the_tanner')).toMatchObject({ kind: 'cudgel', team: 'neutral' });
    expect(artifactInfo('void_of_nothingness')?.kind).toBe('void');
    expect(artifactInfo('mask_of_muting')?.name).toBe('Mask of Muting');
    expect(artifactInfo('something_else')).toEqual({ kind: 'unknown', name: 'something_else', effect: '' });
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
  it("shows the engine's description of each entry (its describeAction when an entry has none)", () => {
    expect(describeLogEntry({ action: { type: 'rob_player' }, role: 'Role Thief', description: 'Robbed a card' })).toBe('Robbed a card');
    expect(describeLogEntry({ action: { type: 'view_center' }, role: 'Role Looker', description: '' })).toBe(describeAction('view_center', 'Role Looker'));
    expect(describeLogEntry({ action: { type: 'no_action' }, role: 'Self-Checker', description: '' })).toBe(describeAction('no_action', 'Self-Checker'));
  });
  it('summarises the targets of an action', () => {
    expect(actionTargets({ type: 'swap_players', player1UserId: 'a', player2UserId: 'b' }, nameOf)).toBe('Ava and Ben');
    expect(actionTargets({ type: 'view_center', positions: [0, 2] }, nameOf)).toBe('center cards 1 and 3');
    expect(actionTargets({ type: 'view_and_swap', centerIndex: 1, targetUserId: 'b' }, nameOf)).toBe('center card 2 → Ben');
    expect(actionTargets({ type: 'investigate_players', targetUserIds: ['b', 'a'] }, nameOf)).toBe('Ben and Ava');
    expect(actionTargets({ type: 'shift_cards', direction: 'left' }, nameOf)).toBe('to the left');
    expect(actionTargets({ type: 'pass' }, nameOf)).toBe('');
  });
});
