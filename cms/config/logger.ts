import { winston, formats } from '@strapi/logger';

const level = process.env.LOG_LEVEL ?? 'http';

// The logger formats every message, whatever its level, before its transports filter them by
// level; Strapi's default pretty-prints there, so each request's http line was time-stamped and
// printed even when LOG_LEVEL hid it. The printing now sits on the transport, after its level
// check. The logger only turns an Error into plain fields: the transport copies each message
// with Object.assign, which would drop an Error's message and stack.
const errorText = winston.format((info) =>
  info instanceof Error ? { ...info, message: `${info.message}${info.stack ? `\n${info.stack}` : ''}` } : info,
);

export default {
  level,
  format: errorText(),
  transports: [new winston.transports.Console({ level, format: formats.prettyPrint({ timestamps: 'YYYY-MM-DD HH:mm:ss.SSS' }) })],
};
