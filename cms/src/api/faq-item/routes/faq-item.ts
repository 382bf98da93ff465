import { factories } from '@strapi/strapi';

// Read-only for visitors; editors write through the panel.
export default factories.createCoreRouter('api::faq-item.faq-item', { only: ['find', 'findOne'] });
