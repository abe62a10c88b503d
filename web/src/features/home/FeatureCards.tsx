import { ClockCircleOutlined, IdcardOutlined, TeamOutlined } from '@ant-design/icons';
import { t } from '../../i18n/t';

const FEATURES = [
  { key: 'multiplayer', icon: <TeamOutlined />, title: 'home.features.multiplayer.title', text: 'home.features.multiplayer.text' },
  { key: 'quick', icon: <ClockCircleOutlined />, title: 'home.features.quick.title', text: 'home.features.quick.text' },
  { key: 'roles', icon: <IdcardOutlined />, title: 'home.features.roles.title', text: 'home.features.roles.text' },
] as const;

/** The three feature cards of the home screen. */
export function FeatureCards() {
  return (
    <section className="nf-features" aria-label={t('home.features.aria')}>
      {FEATURES.map((f) => (
        <div key={f.key} className="nf-feature">
          <span className="nf-feature-icon" aria-hidden>
            {f.icon}
          </span>
          <strong>{t(f.title)}</strong>
          <span className="nf-muted nf-small">{t(f.text)}</span>
        </div>
      ))}
    </section>
  );
}
