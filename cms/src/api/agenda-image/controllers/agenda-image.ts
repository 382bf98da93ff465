import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::agenda-image.agenda-image');
