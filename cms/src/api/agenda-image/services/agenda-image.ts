import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::agenda-image.agenda-image');
