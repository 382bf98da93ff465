import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { mantineSetup } from './provider';

const HEADER = `/*
 * The theme's CSS variables, as MantineProvider writes them for src/theme.ts (only those that differ
 * from Mantine's defaults). Written by src/app/mantine-variables.test.tsx; after a change of the
 * theme, write it again with: npx vitest run src/app/mantine-variables.test.tsx -u
 */
`;

it("holds the theme's CSS variables exactly as Mantine would write them into each page", async () => {
  const markup = renderToStaticMarkup(
    <MantineProvider {...mantineSetup}>
      <span />
    </MantineProvider>,
  );
  const variables = markup.match(/<style data-mantine-styles="true">([\s\S]*?)<\/style>/)?.[1];
  expect(variables).toContain('--mantine-font-family');
  await expect(`${HEADER}${variables}\n`).toMatchFileSnapshot('./mantine-variables.css');
});
