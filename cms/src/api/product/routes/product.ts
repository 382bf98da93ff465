import { factories } from '@strapi/strapi';

// Strapi's stock reads (GET /api/products, /api/products/:documentId), for what a typical Strapi
// project would serve: `npm run bench` measures the shop's calls against them. The public role
// is not granted them (its 403 is tested), so only an API token reads them; the shop's public
// reads stay /api/shop/items, which show active products only and in the contract's shape.
export default factories.createCoreRouter('api::product.product', { only: ['find', 'findOne'] });
