import { winston, formats } from '@strapi/logger';

const level = process.env.LOG_LEVEL ?? 'http';

export default {
  transports: [new winston.transports.Console({ level, format: formats.prettyPrint({ timestamps: 'YYYY-MM-DD HH:mm:ss.SSS' }) })],
};
