// `zod` in this app's build (vite.config.ts): zod itself, told before any schema is built not to
// compile its parsers with `new Function`. zod asks whether it may as each object schema is
// built; under the pages' Content-Security-Policy (no 'unsafe-eval', web/server/page-security.mjs)
// the question itself is a reported violation, although zod catches the refusal
// (docs/decisions/032). The site's schemas are small: zod's interpreter is fast enough.
import { config, z } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
