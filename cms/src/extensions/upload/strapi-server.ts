import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { checkingContent } from '../../http/upload-content';

type UploadService = Parameters<typeof checkingContent>[0];
type UploadPlugin = Core.Plugin & {
  services: { upload: (context: { strapi: Core.Strapi }) => UploadService };
  routes: { admin: { routes: Core.Route[] } };
  controllers: { 'admin-settings': { getSettings: (ctx: { body: unknown }) => Promise<void> } };
};

/**
 * The uploads folder, made when it is missing: the local provider refuses to start without it
 * (in the upload plugin's register), and the README's way to start over is deleting it.
 */
const ensureUploadsFolder = (strapi: Core.Strapi) => mkdirSync(path.join(strapi.dirs.static.public, 'uploads'), { recursive: true });

/**
 * Every media dialog of the panel reads the library's settings (image sizes, how many uploads at
 * once), for every user: Strapi answers it only to `plugin::upload.settings.read`, the right to
 * change them, so each dialog an editor opened got a 403. Reading them now takes only the media
 * library's read; changing them (the PUT) still takes the settings right, which only a Super Admin has.
 */
function settingsReadWithTheLibrary(plugin: UploadPlugin) {
  const read = plugin.routes.admin.routes.find((route) => route.method === 'GET' && route.path === '/settings');
  if (!read) throw new Error("The upload plugin's GET /settings route is missing");
  read.config = {
    ...read.config,
    policies: ['admin::isAuthenticatedAdmin', { name: 'admin::hasPermissions', config: { actions: ['plugin::upload.read'] } }],
  };
  // The controller checks the settings right again; this one answers what Strapi's does.
  plugin.controllers['admin-settings'].getSettings = async (ctx) => {
    const settings = await strapi.plugin('upload').service('upload').getSettings();
    const { concurrentUploadRequests = 1 } = strapi.config.get<{ concurrentUploadRequests?: number }>('plugin::upload');
    ctx.body = { data: { ...settings, concurrentUploadRequests } };
  };
}

// Every file Strapi's upload service stores (the panel's media library and its upload from URLs,
// the REST upload, the dashboard's product images, the seed) is checked by its content first.
export default (plugin: UploadPlugin) => {
  const createUploadService = plugin.services.upload;
  plugin.services.upload = (context) => checkingContent(createUploadService(context));
  settingsReadWithTheLibrary(plugin);
  const register = plugin.register;
  plugin.register = (context: { strapi: Core.Strapi }) => {
    ensureUploadsFolder(context.strapi);
    return register?.(context);
  };
  return plugin;
};
