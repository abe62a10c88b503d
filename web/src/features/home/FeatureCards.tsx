import { ClockCircleOutlined, IdcardOutlined, TeamOutlined } from '@ant-design/icons';

const FEATURES = [
  { icon: <TeamOutlined />, title: 'Multiplayer', text: 'Play with 3 or more friends on any device' },
  { icon: <ClockCircleOutlined />, title: 'Quick Games', text: '10-15 minutes per round' },
  { icon: <IdcardOutlined />, title: '24+ Roles', text: 'Unique abilities and strategies' },
];

/** The three feature cards of the home screen. */
export function FeatureCards() {
  return (
    <section className="nf-features" aria-label="Features">
      {FEATURES.map((f) => (
        <div key={f.title} className="nf-feature">
          <span className="nf-feature-icon" aria-hidden>
            {f.icon}
          </span>
          <strong>{f.title}</strong>
          <span className="nf-muted nf-small">{f.text}</span>
        </div>
      ))}
    </section>
  );
}
