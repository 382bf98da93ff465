import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::accommodation-photo.accommodation-photo');
