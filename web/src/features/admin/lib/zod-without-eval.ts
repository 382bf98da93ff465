import { config } from 'zod';

// zod 4 asks once whether it may compile its parsers with `new Function`. Under the pages'
// Content-Security-Policy (no 'unsafe-eval', web/server/page-security.mjs) the question itself is
// a reported violation, although zod catches the refusal. The dashboard's schemas are small: zod's
// interpreter is fast enough, and it never asks (docs/decisions/032).
config({ jitless: true });
