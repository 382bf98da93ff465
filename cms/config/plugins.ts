import type { Core } from '@strapi/strapi';
import { ACCEPTED_UPLOAD_TYPES, REFUSED_UPLOAD_TYPES } from '../src/http/upload-content';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: { jwtSecret: env('JWT_SECRET'), jwt: { expiresIn: '12h' } },
  },
  upload: {
    config: {
      sizeLimit: 5 * 1024 * 1024,
      breakpoints: { large: 1600, medium: 960, small: 480 },
      // Strapi's own check of each file; src/extensions/upload then checks the whole content.
      security: { allowedTypes: ACCEPTED_UPLOAD_TYPES, deniedTypes: REFUSED_UPLOAD_TYPES },
    },
  },
});

export default config;
