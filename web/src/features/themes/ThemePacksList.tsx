import { App, Button, Card, Empty, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { GENERIC_THEME_ID } from '@nightfall/themes';
import { useToast } from '../../hooks/useToast';
import { useActiveTheme, useSetActiveTheme } from '../../theme/activeTheme';
import { deletePack, saveThemeId } from './store/packStore';
import type { PackListEntry } from './store/types';
import { THEME_TEST_IDS } from './testIds';
import { t } from '../../i18n/themes';
import { useRefreshThemePacks, useThemePacks } from './useThemePacks';
import './themes.css';

/** Props of {@link ThemePacksList}. */
export interface ThemePacksListProps {
  /** Id of the current theme (gets the Active badge); the app's active theme when absent. */
  activeThemeId?: string;
  /** When given, each pack shows 'Set as Active' (admins; the caller activates it). */
  onSetActive?: (pack: PackListEntry) => void;
  /** Called after a pack was deleted (after the active theme went back to generic if it was this one). */
  onDeleted?: (id: string) => void;
}

/**
 * 'My Theme Packs' (spec 001 section 2 "Theme settings"): the packs of this browser with a Refresh button;
 * each shows its name, an Active badge when current, its source, id, description and creation time, a delete
 * button with confirmation ('Theme Deleted' / 'Delete Failed'), and 'Set as Active' when `onSetActive` is
 * given. Deleting the active pack switches the app to the generic theme (spec 001 section 4).
 */
export function ThemePacksList({ activeThemeId, onSetActive, onDeleted }: ThemePacksListProps) {
  const { data: packs, isLoading, isFetching, error } = useThemePacks();
  const refresh = useRefreshThemePacks();
  const active = useActiveTheme();
  const setActive = useSetActiveTheme();
  const { modal } = App.useApp();
  const toast = useToast();
  const current = activeThemeId ?? active.theme.id;

  const confirmDelete = (pack: PackListEntry) => {
    modal.confirm({
      title: t('themes.packs.delete.confirm'),
      content: pack.name,
      okText: t('themes.packs.delete.ok'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'theme-pack-delete-confirm' } as object) },
      centered: true,
      onOk: () =>
        deletePack(pack.id).then(
          async () => {
            if (pack.id === active.theme.id) {
              setActive(null);
              saveThemeId(GENERIC_THEME_ID);
            }
            toast.success(t('themes.packs.deleted.title'), t('themes.packs.deleted', { name: pack.name }));
            await refresh();
            onDeleted?.(pack.id);
          },
          (err: unknown) => toast.error(t('themes.packs.delete_failed.title'), err instanceof Error && err.message ? err.message : t('themes.packs.delete_failed')),
        ),
    });
  };

  return (
    <Card
      title={t('themes.packs.title')}
      extra={
        <Button size="small" icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refresh()} data-testid={THEME_TEST_IDS.packsRefresh}>
          {t('themes.packs.refresh')}
        </Button>
      }
      data-testid={THEME_TEST_IDS.packsList}
    >
      {isLoading ? (
        <div className="nf-center">
          <Spin />
        </div>
      ) : error ? (
        <Typography.Text type="danger">{error instanceof Error ? error.message : String(error)}</Typography.Text>
      ) : !packs || packs.length === 0 ? (
        <Empty description={t('themes.packs.none')} />
      ) : (
        <div className="nf-stack-sm">
          {packs.map((pack) => {
            const isActive = pack.id === current;
            return (
              <div key={pack.id} className="nf-theme-pack" data-testid={THEME_TEST_IDS.packItem} data-pack-id={pack.id} data-active={isActive ? 'true' : 'false'}>
                <div className="nf-between">
                  <span className="nf-theme-pack-name">
                    {pack.name}{' '}
                    {isActive && (
                      <Tag color="purple" data-testid={THEME_TEST_IDS.packActive}>
                        {t('themes.packs.active')}
                      </Tag>
                    )}
                  </span>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('themes.packs.delete', { name: pack.name })}
                    onClick={() => confirmDelete(pack)}
                    data-testid={THEME_TEST_IDS.packDelete}
                  />
                </div>
                <div className="nf-theme-pack-meta">
                  <Tag>{pack.source}</Tag> {pack.id}
                </div>
                {pack.description && <Typography.Text type="secondary">{pack.description}</Typography.Text>}
                <div className="nf-theme-pack-meta">{t('themes.packs.created', { date: pack.createdAt ? dayjs(pack.createdAt).format(t('themes.packs.date')) : '-' })}</div>
                {onSetActive && !isActive && (
                  <div>
                    <Button size="small" onClick={() => onSetActive(pack)} data-testid={THEME_TEST_IDS.packSetActive}>
                      {t('themes.packs.set_active')}
                    </Button>
                  </div>
                )}
              </div>
            );
          })}
        </div>
      )}
    </Card>
  );
}
