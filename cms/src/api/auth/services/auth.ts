import bcrypt from 'bcryptjs';
import type { Core } from '@strapi/strapi';
import type { AdminUser, LoginRequest } from '../../../contract/auth';

// Compared against when the user is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The organiser for these credentials, or null: unknown user, wrong password and non-admin alike. */
  async verifyOrganiser({ username, password }: LoginRequest): Promise<AdminUser | null> {
    const user = await strapi.db.query('plugin::users-permissions.user').findOne({
      where: { username: { $eqi: username } },
      select: ['id', 'username', 'password', 'isAdmin', 'blocked'],
    });
    const matches = await bcrypt.compare(password, (user?.password as string | undefined) ?? DUMMY_HASH);
    if (!user || !matches || !user.isAdmin || user.blocked) return null;
    return { id: user.id as number, username: user.username as string, isAdmin: true };
  },
});
