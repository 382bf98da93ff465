import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::access-code.access-code');
