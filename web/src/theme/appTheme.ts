import { theme, type ThemeConfig } from 'antd';
import type { Team } from '@nightfall/game-rules';
import { GENERIC_THEME, themeTeamColor } from '@nightfall/themes';

/**
 * Team colours of the default theme (spec 000 section 3): bad red, good green, neutral amber, read from the
 * generic theme. Screens colour roles and teams with the ACTIVE theme's colours (`useRuleText().teamColor`,
 * `RoleDisplay.color`); these fixed ones only feed antd's tokens below.
 */
export const TEAM_COLORS: Record<Team, string> = {
  bad: themeTeamColor(GENERIC_THEME, 'bad'),
  good: themeTeamColor(GENERIC_THEME, 'good'),
  neutral: themeTeamColor(GENERIC_THEME, 'neutral'),
};

/** Colours of states that are not teams (victory, defeat, a warning, a tick), whatever the theme. */
export const STATUS_COLORS = {
  success: TEAM_COLORS.good,
  danger: TEAM_COLORS.bad,
  warning: TEAM_COLORS.neutral,
} as const;

/** antd configuration: dark algorithm, a night-sky primary colour and large tap targets. */
export const APP_THEME: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: '#7c6cf0',
    colorBgBase: '#0b0f1a',
    colorError: STATUS_COLORS.danger,
    colorSuccess: STATUS_COLORS.success,
    colorWarning: STATUS_COLORS.warning,
    borderRadius: 10,
    fontSize: 15,
    controlHeight: 40,
    controlHeightLG: 48,
    // WCAG AA (4.5:1) on the dark surfaces (docs/architecture.md "Accessibility"): the dark algorithm's
    // secondary text, links and error text are a little too dim there
    colorTextSecondary: 'rgba(255, 255, 255, 0.62)',
    colorTextDescription: 'rgba(255, 255, 255, 0.62)',
    colorLink: '#7fb4ff',
    colorErrorText: '#ff8a8a',
  },
  components: {
    // primary buttons one shade darker so that their white text keeps 4.5:1 (hover included); danger text lighter
    Button: {
      fontWeight: 600,
      defaultColor: 'rgba(255, 255, 255, 0.88)',
      colorPrimary: '#5f4fdc',
      colorPrimaryHover: '#6a5ae0',
      colorPrimaryActive: '#5243c8',
      colorError: '#ff8a8a',
      colorErrorHover: '#ffa3a3',
      colorErrorActive: '#f27272',
      dangerColor: '#1a0b0b',
    },
    Tabs: { itemSelectedColor: '#b3a8ff', itemHoverColor: '#c9c1ff', itemActiveColor: '#c9c1ff' },
    Card: { bodyPadding: 16, headerPadding: 16 },
  },
};
