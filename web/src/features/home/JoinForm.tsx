import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { RoomResponse } from '@nightfall/protocol';
import { LIMITS } from '@nightfall/protocol';
import { apiFetch, serverMessage, serverTitle } from '../../lib/api';
import { getSavedPlayerName, rememberRoom, savePlayerName } from '../../lib/storage';
import { useToast } from '../../hooks/useToast';
import { ME_KEY } from '../../hooks/useMe';

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
 * non-blank value is remembered (with a 2-second 'Saved' indicator); Room Code; 'Join Game' and 'Back'.
 */
export function JoinForm({ signedInName, onBack, initialCode }: { signedInName: string | null; onBack: () => void; initialCode?: string }) {
  const [form] = Form.useForm<JoinValues>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const saveTimer = useRef<number | null>(null);
  const hideTimer = useRef<number | null>(null);
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();

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

  const onFinish = async (values: JoinValues) => {
    const roomCode = normalizeRoomCode(values.roomCode.trim());
    const body: { roomCode: string; displayName?: string } = { roomCode };
    if (!signedInName) {
      const name = (values.displayName ?? '').trim();
      body.displayName = name;
      savePlayerName(name);
    }
    setBusy(true);
    try {
      const room = await apiFetch<RoomResponse>('/api/rooms/join', { method: 'POST', body });
      rememberRoom(room);
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
      navigate(`/lobby/${room.gameId}`);
    } catch (err) {
      toast.error(serverTitle(err, 'Error'), serverMessage(err, 'Failed to join game'));
      setBusy(false);
    }
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
          <span>
            Playing as <strong>{signedInName}</strong>
          </span>
          <Link to="/profile" className="nf-small" data-testid="playing-as-edit">
            Edit profile
          </Link>
        </Typography.Paragraph>
      ) : (
        <Form.Item
          label={
            <span>
              Display Name{' '}
              {saved ? (
                <span className="nf-ok" data-testid="name-saved">
                  <CheckOutlined /> Saved
                </span>
              ) : null}
            </span>
          }
          name="displayName"
          rules={[
            { required: true, whitespace: true, message: 'Please enter your display name' },
            { max: LIMITS.displayNameMaxLength, message: 'Display name must be 50 characters or less' },
          ]}
        >
          <Input
            size="large"
            placeholder="Enter your name"
            autoComplete="nickname"
            maxLength={LIMITS.displayNameMaxLength}
            onChange={(e) => onNameChange(e.target.value)}
            data-testid="join-display-name"
          />
        </Form.Item>
      )}
      <Form.Item
        label="Room Code"
        name="roomCode"
        normalize={(v: string) => normalizeRoomCode(v)}
        rules={[{ required: true, whitespace: true, message: 'Please enter a room code' }]}
      >
        <Input
          size="large"
          placeholder="Enter 6-character code"
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
          {busy ? 'Joining...' : 'Join Game'}
        </Button>
        <Button size="large" block onClick={onBack} disabled={busy} data-testid="join-back">
          Back
        </Button>
      </div>
    </Form>
  );
}
