import { createTheme, type MantineColorsTuple } from '@mantine/core';

const crimson: MantineColorsTuple = [
  '#fdeeec',
  '#f8d5d1',
  '#f0aea7',
  '#e98f85',
  '#e3766b',
  '#cf4336',
  '#b02e22',
  '#8e2219',
  '#701a13',
  '#52120d',
];

const gold: MantineColorsTuple = [
  '#fdf8e7',
  '#f8ecc4',
  '#f1db8f',
  '#e9c85a',
  '#e2b732',
  '#d4a21c',
  '#b88914',
  '#946c0f',
  '#70510b',
  '#4d3707',
];

// Mantine's dark colour scheme takes text, borders and surfaces from the `dark` tuple
// (text 0, dimmed 2, borders 4, inputs 6, page 7), so the parchment and wood tones live here.
const dark: MantineColorsTuple = [
  '#ede3cf',
  '#d8cab0',
  '#b3a487',
  '#9a8b71',
  '#5e5242',
  '#4a3f33',
  '#3a3129',
  '#2a231d',
  '#1f1a15',
  '#15110d',
];

export const theme = createTheme({
  colors: { crimson, gold, dark },
  primaryColor: 'crimson',
  primaryShade: { light: 7, dark: 7 },
  autoContrast: true,
  white: '#fbf6ea',
  black: '#15110d',
  fontFamily: "'EB Garamond Variable', 'EB Garamond', Garamond, Georgia, 'Times New Roman', serif",
  fontFamilyMonospace: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  headings: {
    fontFamily:
      "'Cinzel Variable', Cinzel, 'Cinzel Fallback Georgia', 'Cinzel Fallback Noto', 'Cinzel Fallback DejaVu', 'Cinzel Fallback Times', Georgia, serif",
    fontWeight: '700',
    textWrap: 'balance',
  },
  // EB Garamond has a small x-height: one step larger than Mantine's defaults reads like 16px sans.
  fontSizes: {
    xs: '0.875rem',
    sm: '1rem',
    md: '1.125rem',
    lg: '1.3125rem',
    xl: '1.5rem',
  },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  respectReducedMotion: true,
});
