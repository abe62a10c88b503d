import { useState } from 'react';
import { Card, Radio, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GENERIC_THEME, GENERIC_THEME_ID } from '@nightfall/themes';
import { ThemePacksList, ThemeUploadCard, useThemePacks, type PackListEntry } from '../themes';
import { useActiveTheme } from '../../theme/activeTheme';
import { themeApi } from '../../theme/themeApi';
import { useThemeActions } from '../../theme/themeSelection';
import { serverMessage } from '../../lib/api';
import { failureText } from './adminApi';
import { useAdminToast, useQueryFailure } from './hooks';
import { t } from '../../i18n/admin';

const MY_THEME_KEY = ['me', 'theme'] as const;
const ADMIN_THEME_KEY = ['admin', 'theme'] as const;

/** One choice of a theme selector: the generic theme or a pack of this browser. */
interface Choice {
  id: string;
  name: string;
  description: string;
  /** False for a pack that is only in this browser (the server cannot name it). */
  onServer: boolean;
}

function choicesOf(packs: readonly PackListEntry[] | undefined): Choice[] {
  return [
    { id: GENERIC_THEME_ID, name: GENERIC_THEME.name, description: GENERIC_THEME.description, onServer: true },
    ...(packs ?? []).map((p) => ({ id: p.id, name: p.name, description: p.description, onServer: !!p.server })),
  ];
}

function ThemeChoices({ choices, value, live, disabled, onChange, testId }: { choices: Choice[]; value: string; live?: string; disabled?: boolean; onChange: (id: string) => void; testId: string }) {
  return (
    <div className="nf-theme-choices" style={{ maxHeight: 300, overflowY: 'auto' }} data-testid={testId}>
      <Radio.Group value={value} onChange={(e) => onChange(e.target.value as string)} disabled={disabled}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {choices.map((c) => (
            <Radio key={c.id} value={c.id} data-testid={`${testId}-${c.id}`}>
              <span>{c.name}</span> {live === c.id ? <Tag color="green">{t('admin.theme.live')}</Tag> : null}
              {c.description ? <div className="nf-muted nf-small">{c.description}</div> : null}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </div>
  );
}

/**
 * Theme Settings (/admin/theme; spec 001 section 2 "Theme settings", section 4 "Activation"): 'My Theme
 * Preference' (optimistic, rolled back on failure), for admins the 'Default Theme for New Users' (the live
 * one marked 'Live'; it takes effect here at once), for others the 'Current Theme' card, then the upload
 * card and 'My Theme Packs' ('Set as Active' for admins sets the global default).
 */
export function ThemeSettingsTab({ admin = true }: { admin?: boolean }) {
  const toast = useAdminToast();
  const client = useQueryClient();
  const { theme } = useActiveTheme();
  const { activate } = useThemeActions();
  const packs = useThemePacks();
  const choices = choicesOf(packs.data);

  const mine = useQuery({ queryKey: MY_THEME_KEY, queryFn: themeApi.myPreference });
  useQueryFailure(mine.error, mine.errorUpdatedAt, t('admin.theme.fetch_preference_failed'));
  const global = useQuery({ queryKey: ADMIN_THEME_KEY, queryFn: themeApi.adminDefault, enabled: admin });
  useQueryFailure(global.error, global.errorUpdatedAt, t('admin.theme.fetch_settings_failed'));
  const [optimistic, setOptimistic] = useState<string | null>(null);

  const setPreference = useMutation({
    mutationFn: (id: string) => themeApi.setMyPreference(id),
    onMutate: (id) => {
      const before = optimistic ?? mine.data?.preferredThemeId ?? theme.id;
      setOptimistic(id);
      void activate(id);
      return { before };
    },
    onSuccess: (res) => {
      client.setQueryData(MY_THEME_KEY, { preferredThemeId: res.preferredThemeId });
      toast.success(t('admin.theme.preference_saved'));
    },
    onError: (err, _id, ctx) => {
      setOptimistic(null);
      if (ctx) void activate(ctx.before);
      toast.error(t('admin.theme.preference_failed'), failureText(err));
    },
    onSettled: () => setOptimistic(null),
  });

  const setGlobal = useMutation({
    mutationFn: (id: string) => themeApi.setAdminDefault(id),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: ADMIN_THEME_KEY });
      void activate(res.theme);
      toast.success(t('admin.theme.updated'));
    },
    onError: (err) => toast.error(t('admin.theme.update_failed'), serverMessage(err, t('admin.theme.global_failed'))),
  });

  const preferred = optimistic ?? (mine.data?.preferredThemeId || theme.id);
  const live = global.data?.defaultTheme ?? GENERIC_THEME_ID;
  const chooseGlobal = (id: string) => {
    const c = choices.find((x) => x.id === id);
    if (c && !c.onServer) return toast.error(t('admin.theme.update_failed'), t('admin.theme.not_on_server'));
    setGlobal.mutate(id);
  };
  const choosePreference = (id: string) => {
    const c = choices.find((x) => x.id === id);
    if (c && !c.onServer) return toast.error(t('admin.theme.preference_failed'), t('admin.theme.not_on_server'));
    setPreference.mutate(id);
  };

  return (
    <div className="nf-stack" data-testid="admin-theme">
      <Card title={t('admin.theme.my_preference')} size="small">
        <Typography.Paragraph type="secondary" className="nf-small">
          {t('admin.theme.my_preference.hint')}
        </Typography.Paragraph>
        <ThemeChoices choices={choices} value={preferred} disabled={setPreference.isPending} onChange={choosePreference} testId="theme-preference" />
      </Card>

      {admin ? (
        <Card title={t('admin.theme.default_for_new')} size="small">
          <Typography.Paragraph type="secondary" className="nf-small">
            {t('admin.theme.default_for_new.hint')}
          </Typography.Paragraph>
          <ThemeChoices choices={choices} value={live} live={live} disabled={setGlobal.isPending || global.isLoading} onChange={chooseGlobal} testId="theme-default" />
        </Card>
      ) : (
        <Card title={t('admin.theme.current')} size="small" data-testid="current-theme">
          <Typography.Text strong>{theme.name}</Typography.Text>
          {theme.description ? <div className="nf-muted nf-small">{theme.description}</div> : null}
        </Card>
      )}

      <ThemeUploadCard />

      <ThemePacksList onSetActive={admin ? (p) => chooseGlobal(p.id) : undefined} />
    </div>
  );
}
