import type { Server } from 'node:http';

export const SITE_ANSWER_DEADLINE_MS: number;
export function siteAnswerDeadlineMs(env?: NodeJS.ProcessEnv): number;
export function answerWithin(server: Server, ms?: number): void;
