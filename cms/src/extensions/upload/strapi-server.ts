import type { Core } from '@strapi/strapi';
import { checkingContent } from '../../http/upload-content';

type UploadService = Parameters<typeof checkingContent>[0];
type UploadPlugin = Core.Plugin & { services: { upload: (context: { strapi: Core.Strapi }) => UploadService } };

// Every file Strapi's upload service stores (the panel's media library and its upload from URLs,
// the REST upload, the dashboard's product images, the seed) is checked by its content first.
export default (plugin: UploadPlugin) => {
  const createUploadService = plugin.services.upload;
  plugin.services.upload = (context) => checkingContent(createUploadService(context));
  return plugin;
};
