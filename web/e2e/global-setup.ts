import type { TestProject } from 'vitest/node';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /** The cms's uploads folder, to put a file there as an upload before uploads were checked would have. */
    uploadsDir: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide('siteUrl', stack.siteUrl);
  project.provide('uploadsDir', stack.uploadsDir);
  return stack.stop;
}
