import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { LIMITS } from '@nightfall/protocol';
import { t } from '../../i18n/t';
import { tx } from '../../i18n/react';
import { getSavedPlayerName, savePlayerName } from '../../lib/storage';
import { useJoinRoom, type JoinRoomBody } from './useJoinRoom';

interface JoinValues {
  displayName?: string;
  roomCode: string;
}

/** Room code as typed: no spaces, uppercase, at most 6 characters. */
export function normalizeRoomCode(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase().slice(0, LIMITS.roomCodeLength);
}

/**
 * Join form (spec 001 section 2): 'Playing as {name}' for signed-in users, else a Display Name field whose
 * non-blank value is remembered (with a 2-second 'Saved' indicator); Room Code (`initialCode` fills it, as
 * /join/{code} does); 'Join Game' and 'Back'.
 */
export function JoinForm({ signedInName, onBack, initialCode }: { signedInName: string | null; onBack: () => void; initialCode?: string }) {
  const [form] = Form.useForm<JoinValues>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const saveTimer = useRef<number | null>(null);
  const hideTimer = useRef<number | null>(null);
  const joinRoom = useJoinRoom();

  useEffect(
    () => () => {
      if (saveTimer.current) window.clearTimeout(saveTimer.current);
      if (hideTimer.current) window.clearTimeout(hideTimer.current);
    },
    [],
  );

  const onNameChange = (value: string) => {
    if (saveTimer.current) window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => {
      if (savePlayerName(value)) {
        setSaved(true);
        if (hideTimer.current) window.clearTimeout(hideTimer.current);
        hideTimer.current = window.setTimeout(() => setSaved(false), 2000);
      }
    }, 500);
  };

  const onFinish = (values: JoinValues) => submit(values, false);

  /** Joins with a seat, or as a spectator (docs/rules.md "Spectators"). */
  const submit = async (values: JoinValues, spectator: boolean) => {
    const roomCode = normalizeRoomCode(values.roomCode.trim());
    const body: JoinRoomBody = { roomCode, ...(spectator ? { spectator: true } : {}) };
    if (!signedInName) {
      const name = (values.displayName ?? '').trim();
      body.displayName = name;
      savePlayerName(name);
    }
    setBusy(true);
    if (!(await joinRoom(body))) setBusy(false);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      initialValues={{ displayName: getSavedPlayerName(), roomCode: normalizeRoomCode(initialCode) }}
      data-testid="join-form"
    >
      {signedInName ? (
        <Typography.Paragraph data-testid="playing-as" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 8 }}>
          <span>{tx('home.join.playing_as', { name: <strong>{signedInName}</strong> })}</span>
          <Link to="/profile" className="nf-small" data-testid="playing-as-edit">
            {t('home.join.edit_profile')}
          </Link>
        </Typography.Paragraph>
      ) : (
        <Form.Item
          label={
            <span>
              {t('home.join.display_name')}{' '}
              {saved ? (
                <span className="nf-ok" data-testid="name-saved">
                  <CheckOutlined /> {t('home.join.saved')}
                </span>
              ) : null}
            </span>
          }
          name="displayName"
          rules={[
            { required: true, whitespace: true, message: t('home.join.display_name.required') },
            { max: LIMITS.displayNameMaxLength, message: t('home.join.display_name.too_long', { max: LIMITS.displayNameMaxLength }) },
          ]}
        >
          <Input
            size="large"
            placeholder={t('home.join.display_name.placeholder')}
            autoComplete="nickname"
            maxLength={LIMITS.displayNameMaxLength}
            onChange={(e) => onNameChange(e.target.value)}
            data-testid="join-display-name"
          />
        </Form.Item>
      )}
      <Form.Item
        label={t('home.join.room_code')}
        name="roomCode"
        normalize={(v: string) => normalizeRoomCode(v)}
        rules={[{ required: true, whitespace: true, message: t('home.join.room_code.required') }]}
      >
        <Input
          size="large"
          placeholder={t('home.join.room_code.placeholder', { length: LIMITS.roomCodeLength })}
          maxLength={LIMITS.roomCodeLength}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className="nf-code"
          data-testid="join-room-code"
        />
      </Form.Item>
      <div className="nf-actions">
        <Button type="primary" htmlType="submit" size="large" block disabled={busy} loading={busy} data-testid="join-submit">
          {busy ? t('home.join.joining') : t('home.join.submit')}
        </Button>
        <Button
          size="large"
          block
          icon={<EyeOutlined />}
          disabled={busy}
          title={t('spectate.hint')}
          onClick={() => void form.validateFields().then((v: JoinValues) => submit(v, true), () => undefined)}
          data-testid="join-watch"
        >
          {t('spectate.button')}
        </Button>
        <Button size="large" block onClick={onBack} disabled={busy} data-testid="join-back">
          {t('home.join.back')}
        </Button>
      </div>
    </Form>
  );
}
