import { factories } from '@strapi/strapi';

// Read-only for visitors; editors write through the panel.
export default factories.createCoreRouter('api::accommodation-photo.accommodation-photo', { only: ['find', 'findOne'] });
