import { theme, type ThemeConfig } from 'antd';
import type { Team } from '@nightfall/game-rules';

/** Team colours of the default theme (spec 000 section 3): bad red, good green, neutral amber. */
export const TEAM_COLORS: Record<Team, string> = {
  bad: '#ef4444',
  good: '#22c55e',
  neutral: '#f59e0b',
};

/** Team names shown by the generic theme. */
export const TEAM_LABELS: Record<Team, string> = {
  bad: 'Hidden Enemies Team',
  good: 'Good Team',
  neutral: 'Neutral',
};

/** Texts of the built-in generic theme (spec 001 section 1). */
export const GENERIC_THEME = {
  id: 'generic',
  name: 'Generic Social Deduction',
  homeTitle: 'Nightfall',
  homeSubtitle: 'A social deduction game for 3-10 players. Find the hidden enemies among you.',
  nightPhase: 'Night Phase',
} as const;

/** antd configuration: dark algorithm, a night-sky primary colour and large tap targets. */
export const APP_THEME: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: '#7c6cf0',
    colorBgBase: '#0b0f1a',
    colorError: TEAM_COLORS.bad,
    colorSuccess: TEAM_COLORS.good,
    colorWarning: TEAM_COLORS.neutral,
    borderRadius: 10,
    fontSize: 15,
    controlHeight: 40,
    controlHeightLG: 48,
  },
  components: {
    Button: { fontWeight: 600 },
    Card: { bodyPadding: 16, headerPadding: 16 },
  },
};
