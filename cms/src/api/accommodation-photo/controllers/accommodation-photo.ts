import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::accommodation-photo.accommodation-photo');
