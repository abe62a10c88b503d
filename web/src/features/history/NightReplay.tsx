import { useEffect, useMemo, useState } from 'react';
import { Button, Card } from 'antd';
import { CaretRightOutlined, LeftOutlined, PauseOutlined, RightOutlined, StepBackwardOutlined, StepForwardOutlined } from '@ant-design/icons';
import { nightReplay, PILE_INDEX, replayInputOfView, type GameView, type ReplayCards, type ReplaySlot, type ReplayStep } from '@nightfall/game-rules';
import { RoleImage } from '../../components/RoleImage';
import { RoleTag } from '../../components/RoleTag';
import { useRoleSource, useRuleText } from '../../components/RolesContext';
import { actionTargets } from '../../i18n/rules';
import { t } from '../../i18n/t';
import { roleDisplay } from '../../lib/roles';
import './history.css';

/** Time each step stays on screen while playing, ms. */
const PLAY_STEP_MS = 1800;

const sameSlot = (a: ReplaySlot, b: ReplaySlot) => (a.kind === 'seat' ? b.kind === 'seat' && a.userId === b.userId : b.kind === 'center' && a.index === b.index);

/**
 * The night replay of a results view (docs/rules.md "Night replay"): the night's actions one step at a time
 * (who acted, for which role, on whom), with every seat's card and the center cards after the step; the cards a
 * step moved are marked and slide in (no motion under prefers-reduced-motion). Step back and forth, or play.
 * Derived in the browser by `nightReplay` of @nightfall/game-rules from the view the results screen has, so it
 * shows nothing the results do not. Roles without a night action (they only continued) are left out.
 */
export function NightReplay({ view }: { view: GameView }) {
  const source = useRoleSource();
  const text = useRuleText();
  const replay = useMemo(() => nightReplay(replayInputOfView(view)), [view]);
  const steps = useMemo(
    () => (replay?.steps ?? []).filter((s) => s.moves.length > 0 || !(s.action.type === 'no_action' && !roleDisplay(source, s.role).hasNightAction)),
    [replay, source],
  );
  // -1: before the night; k: after the k-th shown step
  const [at, setAt] = useState(-1);
  const [playing, setPlaying] = useState(false);
  const last = steps.length - 1;

  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setAt((i) => Math.min(i + 1, last)), PLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, at, last]);

  if (!replay) return null;
  const step: ReplayStep | null = at >= 0 ? (steps[at] ?? null) : null;
  const cards: ReplayCards = step ? step.cards : replay.start;
  const nameOf = (id: string) => view.players.find((p) => p.userId === id)?.displayName ?? t('common.unknown');
  const slotName = (s: ReplaySlot) => (s.kind === 'seat' ? nameOf(s.userId) : s.index === PILE_INDEX ? text.pile() : t('replay.center_slot', { n: s.index + 1 }));
  const moved = (s: ReplaySlot) => !!step?.moves.some((m) => sameSlot(m.to, s));
  const cardName = (role: string | null) => (role ? roleDisplay(source, role).title : t('common.unknown'));
  const go = (i: number) => {
    setPlaying(false);
    setAt(Math.max(-1, Math.min(last, i)));
  };

  return (
    <Card size="small" title={t('replay.title')} data-testid="night-replay">
      <div className="nf-stack-sm">
        {!replay.consistent ? <span className="nf-muted nf-small">{t('replay.inconsistent')}</span> : null}
        <div className="nf-replay-caption" aria-live="polite" data-testid="replay-caption" data-step={at}>
          {step ? (
            <>
              <span className="nf-muted nf-small" data-testid="replay-step-count">
                {t('replay.step', { n: at + 1, total: steps.length })}
              </span>
              <div className="nf-row-wrap" style={{ gap: 6 }}>
                <RoleImage role={step.role} size={28} />
                <strong data-testid="replay-actor">{step.actor.displayName}</strong>
                <RoleTag role={step.role} />
              </div>
              <span data-testid="replay-action">
                {text.actionKind(step.kind)}
                {actionTargets(step.action, nameOf) ? <span className="nf-muted">: {actionTargets(step.action, nameOf)}</span> : null}
              </span>
              {step.moves.length > 0 ? (
                <ul className="nf-replay-moves" aria-label={t('replay.moved')} data-testid="replay-moves">
                  {step.moves.map((m, i) => (
                    <li key={i} data-testid="replay-move">
                      {t('replay.move', { card: cardName(m.card), from: slotName(m.from), to: slotName(m.to) })}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="nf-muted nf-small" data-testid="replay-no-move">
                  {step.blocked ? t('replay.blocked') : t('replay.nothing_moved')}
                </span>
              )}
              {step.result.length > 0 ? <span className="nf-muted nf-small">{text.result(step.result)}</span> : null}
            </>
          ) : (
            <span data-testid="replay-start">{steps.length > 0 ? t('replay.start') : t('replay.empty')}</span>
          )}
        </div>

        <div role="group" aria-label={t('replay.region')} className="nf-replay-table" data-testid="replay-table">
          <ul className="nf-replay-seats">
            {cards.seats.map((s) => {
              const isMoved = moved({ kind: 'seat', userId: s.userId });
              const acting = step?.actor.userId === s.userId;
              return (
                <li
                  key={`${s.userId}-${isMoved ? at : 'still'}`}
                  className={`nf-replay-slot${isMoved ? ' nf-replay-slot--moved' : ''}${acting ? ' nf-replay-slot--actor' : ''}`}
                  aria-label={`${t('replay.seat_label', { name: s.displayName, card: cardName(s.card) })}${isMoved ? ` ${t('replay.moved_label')}` : ''}`}
                  data-testid={`replay-seat-${s.userId}`}
                  data-card={s.card ?? ''}
                  data-moved={isMoved ? 'true' : 'false'}
                >
                  <span className="nf-replay-name">{s.displayName}</span>
                  <RoleImage role={s.card} size={40} />
                  <RoleTag role={s.card} />
                </li>
              );
            })}
          </ul>
          <div className="nf-muted nf-small">{t('replay.center')}</div>
          <ul className="nf-replay-seats nf-replay-center">
            {cards.center.map((card, index) => {
              const isMoved = moved({ kind: 'center', index });
              const slot = slotName({ kind: 'center', index });
              return (
                <li
                  key={`c${index}-${isMoved ? at : 'still'}`}
                  className={`nf-replay-slot${isMoved ? ' nf-replay-slot--moved' : ''}`}
                  aria-label={`${t('replay.center_label', { slot, card: cardName(card) })}${isMoved ? ` ${t('replay.moved_label')}` : ''}`}
                  data-testid={`replay-center-${index}`}
                  data-card={card}
                  data-moved={isMoved ? 'true' : 'false'}
                >
                  <span className="nf-replay-name">{slot}</span>
                  <RoleImage role={card} size={40} />
                  <RoleTag role={card} />
                </li>
              );
            })}
          </ul>
        </div>

        <div className="nf-replay-controls">
          <Button icon={<StepBackwardOutlined />} aria-label={t('replay.first')} title={t('replay.first')} disabled={at < 0} onClick={() => go(-1)} data-testid="replay-first" />
          <Button icon={<LeftOutlined />} aria-label={t('replay.prev')} title={t('replay.prev')} disabled={at < 0} onClick={() => go(at - 1)} data-testid="replay-prev" />
          <Button
            type="primary"
            icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
            aria-label={playing ? t('replay.pause') : t('replay.play')}
            disabled={steps.length === 0}
            onClick={() => {
              if (playing) setPlaying(false);
              else {
                if (at >= last) setAt(-1);
                setPlaying(true);
              }
            }}
            data-testid="replay-play"
          >
            {playing ? t('replay.pause') : t('replay.play')}
          </Button>
          <Button icon={<RightOutlined />} aria-label={t('replay.next')} title={t('replay.next')} disabled={at >= last} onClick={() => go(at + 1)} data-testid="replay-next" />
          <Button icon={<StepForwardOutlined />} aria-label={t('replay.last')} title={t('replay.last')} disabled={at >= last} onClick={() => go(last)} data-testid="replay-last" />
        </div>
      </div>
    </Card>
  );
}
