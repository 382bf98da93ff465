import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { checkingContent } from '../../http/upload-content';

type UploadService = Parameters<typeof checkingContent>[0];
type UploadPlugin = Core.Plugin & { services: { upload: (context: { strapi: Core.Strapi }) => UploadService } };

/**
 * The uploads folder, made when it is missing: the local provider refuses to start without it
 * (in the upload plugin's register), and the README's way to start over is deleting it.
 */
const ensureUploadsFolder = (strapi: Core.Strapi) => mkdirSync(path.join(strapi.dirs.static.public, 'uploads'), { recursive: true });

// Every file Strapi's upload service stores (the panel's media library and its upload from URLs,
// the REST upload, the dashboard's product images, the seed) is checked by its content first.
export default (plugin: UploadPlugin) => {
  const createUploadService = plugin.services.upload;
  plugin.services.upload = (context) => checkingContent(createUploadService(context));
  const register = plugin.register;
  plugin.register = (context: { strapi: Core.Strapi }) => {
    ensureUploadsFolder(context.strapi);
    return register?.(context);
  };
  return plugin;
};
