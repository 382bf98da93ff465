import { factories } from '@strapi/strapi';

// Read-only for visitors; editors write through the panel. The site reads GET /api/programme.
export default factories.createCoreRouter('api::programme-entry.programme-entry', { only: ['find', 'findOne'] });
