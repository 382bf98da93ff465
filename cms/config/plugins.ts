import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: { jwtSecret: env('JWT_SECRET'), jwt: { expiresIn: '12h' } },
  },
  upload: {
    config: {
      sizeLimit: 5 * 1024 * 1024,
      breakpoints: { large: 1600, medium: 960, small: 480 },
    },
  },
});

export default config;
