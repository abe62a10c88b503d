import { t } from '../i18n/t';

/**
 * A player's name in a row or tile: a long name shortens with an ellipsis while the '(You)' marker stays
 * whole, so on a phone the player can always find their own entry. `stacked` puts the marker on a second
 * line (narrow tiles, where the name needs the whole width).
 */
export function PlayerName({ name, you = false, stacked = false }: { name: string; you?: boolean; stacked?: boolean }) {
  return (
    <span className={`nf-row-name ${stacked ? 'nf-name-stack' : 'nf-name-line'}`}>
      <span className="nf-name-text">{name}</span>
      {you ? (
        <>
          {' '}
          <span className="nf-muted nf-name-suffix">{t('common.you')}</span>
        </>
      ) : null}
    </span>
  );
}
