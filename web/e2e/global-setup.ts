import type { TestProject } from 'vitest/node';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide('siteUrl', stack.siteUrl);
  return stack.stop;
}
