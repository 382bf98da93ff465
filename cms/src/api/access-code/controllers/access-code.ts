import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::access-code.access-code');
