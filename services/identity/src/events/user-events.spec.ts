import { Logger } from '@nestjs/common';
import { NatsClient } from '@nightfall/server-kit';
import { IdentityController } from '../grpc/identity.controller.js';
import { MailService } from '../mail/mail.service.js';
import { lastMagicLinkToken } from '../testing/outbox-token.js';
import { startIdentityApp, type IdentityTestApp } from '../testing/identity-test-app.js';
import { USER_EVENT_SUBJECTS, type UserEvent } from '@nightfall/contracts';

const BASE = 'http://nightfall.test:8080';

describe('user events on NATS (real PostgreSQL and NATS)', () => {
  let t: IdentityTestApp;
  let grpc: IdentityController;
  let got: Array<{ subject: string; event: UserEvent }>;
  let unsubscribe: () => void;

  /** The events received about `userId` with their kind, once `count` arrived or after `waitMs` (ms). */
  async function eventsOf(userId: string, count: number, waitMs = 3000): Promise<Array<{ kind: string; event: UserEvent }>> {
    const until = Date.now() + waitMs;
    for (;;) {
      const mine = got.filter((g) => g.event.user.id === userId).map((g) => ({ kind: g.subject.replace('identity.user.', ''), event: g.event }));
      if (mine.length >= count || Date.now() > until) return mine;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  beforeAll(async () => {
    t = await startIdentityApp();
    grpc = t.app.get(IdentityController);
    got = [];
    const nc = await t.app.get(NatsClient).connection();
    const sub = nc.subscribe('identity.user.>', {
      callback: (_err, m) => {
        got.push({ subject: m.subject, event: JSON.parse(m.string()) as UserEvent });
      },
    });
    unsubscribe = () => sub.unsubscribe();
    await nc.flush();
  });
  afterAll(async () => {
    unsubscribe();
    await t.close();
  });

  it('publishes created on sign-up, updated on sign-in and profile changes, with {v: 1, user}', async () => {
    const up = await grpc.signUpWithPassword({ email: 'events@example.com', password: 'secret1', displayName: 'Ev' });
    await grpc.signInWithPassword({ email: 'events@example.com', password: 'secret1' });
    const renamed = await grpc.updateProfile({ userId: up.user!.id, displayName: 'Evelyn' });
    const events = await eventsOf(up.user!.id, 3);
    expect(events.map((e) => e.kind)).toEqual(['created', 'updated', 'updated']);
    expect(events[0]!.event).toEqual({ v: 1, user: up.user });
    expect(events[0]!.event.user).toMatchObject({ email: 'events@example.com', displayName: 'Ev', isGuest: false, emailVerified: false });
    expect(events[2]!.event).toEqual({ v: 1, user: renamed });
    expect(Object.values(USER_EVENT_SUBJECTS)).toEqual(['identity.user.created', 'identity.user.updated', 'identity.user.verified', 'identity.user.deleted']);
  });

  it('publishes created for guests, and created then verified for a magic-link sign-up', async () => {
    const guest = await grpc.createGuestSession({ displayName: 'Guesty' });
    expect((await eventsOf(guest.user!.id, 1)).map((e) => [e.kind, e.event.user.isGuest])).toEqual([['created', true]]);
    // the gateway's undo of a guest whose join was refused: deleted, with the user as it was
    expect(await grpc.deleteGuest({ userId: guest.user!.id, sessionId: guest.sessionId })).toEqual({ deleted: true });
    const gone = await eventsOf(guest.user!.id, 2);
    expect(gone.map((e) => e.kind)).toEqual(['created', 'deleted']);
    expect(gone[1]!.event).toEqual({ v: 1, user: guest.user });

    await grpc.requestMagicLink({ email: 'linked@example.com', purpose: 'signup', displayName: '', baseUrl: BASE });
    const s = await grpc.consumeMagicLink({ token: await lastMagicLinkToken(t.app.get(MailService), 'linked@example.com') });
    const events = await eventsOf(s.user!.id, 2);
    expect(events.map((e) => e.kind)).toEqual(['created', 'verified']);
    expect(events.every((e) => e.event.v === 1 && e.event.user.emailVerified)).toBe(true);
  });

  it('publishes updated then verified when a password account follows its first sign-in link', async () => {
    const up = await grpc.signUpWithPassword({ email: 'later@example.com', password: 'secret1', displayName: '' });
    await grpc.requestMagicLink({ email: 'later@example.com', purpose: 'signin', displayName: '', baseUrl: BASE });
    await grpc.consumeMagicLink({ token: await lastMagicLinkToken(t.app.get(MailService), 'later@example.com') });
    const events = await eventsOf(up.user!.id, 3);
    expect(events.map((e) => [e.kind, e.event.user.emailVerified])).toEqual([['created', false], ['updated', true], ['verified', true]]);
  });

  it('never fails the RPC when publishing fails: the error is logged', async () => {
    const nats = t.app.get(NatsClient);
    const logged: string[] = [];
    const original = { publish: nats.publish, ready: nats.ready, error: Logger.prototype.error };
    Logger.prototype.error = function (message: unknown) {
      logged.push(String(message));
    };
    nats.publish = () => {
      throw new Error('NATS is not connected');
    };
    try {
      const up = await grpc.signUpWithPassword({ email: 'quiet@example.com', password: 'secret1', displayName: '' });
      expect(up.user?.email).toBe('quiet@example.com');
      nats.ready = async () => false; // the first connection never came
      expect((await grpc.updateProfile({ userId: up.user!.id, displayName: 'Quiet' })).displayName).toBe('Quiet');
      await new Promise((r) => setTimeout(r, 50));
      expect(logged).toEqual(['could not publish identity.user.created: NATS is not connected', 'could not publish identity.user.updated: NATS is not connected']);
      expect(await eventsOf(up.user!.id, 1, 300)).toEqual([]);
    } finally {
      nats.publish = original.publish;
      nats.ready = original.ready;
      Logger.prototype.error = original.error;
    }
  });
});
