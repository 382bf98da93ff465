import bcrypt from 'bcryptjs';
import type { Core } from '@strapi/strapi';
import type { AdminUser, LoginRequest } from '../../../contract/auth';

// Compared against when the user is unknown, so both failures take the same time. Written out
// rather than hashed when the module loads: that cost every start of the cms a tenth of a second
// (more on a busy machine) for a hash that never changes. Cost 10, as the organisers' passwords.
const DUMMY_HASH = '$2b$10$pkAEB9D332myFmiOTZtjounGthmeXzHFRKJ.KsQ.gzazknsjW3Vgy';

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
