import type { INestApplication } from '@nestjs/common';
import { adminTestDatabase, type AdminTestDatabase } from './admin-test-app.js';
import { FakeOwners, type FakeUser } from './fake-owners.js';

/** ADMIN_EMAILS / SUPER_ADMIN_EMAIL of the fixture. */
export const LISTED_EMAIL = 'listed@example.com';
export const PRIMARY_EMAIL = 'primary@example.com';

/** An admin app on a fresh schema with fake owners holding one account of each kind. */
export interface AdminFixture {
  db: AdminTestDatabase;
  app: INestApplication;
  owners: FakeOwners;
  /** The verified SUPER_ADMIN_EMAIL account. */
  primary: FakeUser;
  /** A super_admin entitlement. */
  superAdmin: FakeUser;
  /** An admin entitlement. */
  admin: FakeUser;
  /** The verified ADMIN_EMAILS account (no entitlement). */
  listed: FakeUser;
  /** A signed-up user with no rights. */
  user: FakeUser;
  close(): Promise<void>;
}

/** Starts the fixture (real PostgreSQL, fake identity and billing). Test helper only. */
export async function adminFixture(): Promise<AdminFixture> {
  const owners = new FakeOwners();
  const primary = owners.addUser(PRIMARY_EMAIL, { verified: true });
  const superAdmin = owners.addUser('super@example.com');
  owners.addEntitlement(superAdmin, 'super_admin');
  const admin = owners.addUser('admin@example.com');
  owners.addEntitlement(admin, 'admin');
  const listed = owners.addUser(LISTED_EMAIL, { verified: true });
  const user = owners.addUser('user@example.com', { verified: true });
  const db = await adminTestDatabase();
  const app = await db.start(owners, { ADMIN_EMAILS: `${LISTED_EMAIL}, other@example.com`, SUPER_ADMIN_EMAIL: PRIMARY_EMAIL.toUpperCase() });
  return { db, app, owners, primary, superAdmin, admin, listed, user, close: () => db.close() };
}
