import { describe, expect, it } from 'vitest';
import { publicBuildFiles } from './precache-list';

describe('publicBuildFiles', () => {
  it("lists what the public pages can load, the German cuts of the fonts and the stylesheet, and none of the dashboard's code", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', dynamicImports: ['src/app/router.tsx'], assets: [
          'assets/eb-garamond-german-wght-normal-1.woff2',
          'assets/eb-garamond-latin-rest-wght-normal-1.woff2',
          'assets/eb-garamond-latin-ext-wght-italic-1.woff2',
          'assets/eb-garamond-cyrillic-wght-normal-1.woff2',
        ],
      },
      'src/app/router.tsx': { file: 'assets/router-1.js', imports: ['_Button-1.js'], dynamicImports: ['src/app/routes/access.tsx', 'src/app/routes/admin/dashboard.tsx'] },
      'src/app/routes/access.tsx': { file: 'assets/access-1.js', imports: ['_Button-1.js'] },
      'src/app/routes/admin/dashboard.tsx': { file: 'assets/dashboard-1.js', imports: ['_charts-1.js'] },
      '_Button-1.js': { file: 'assets/Button-1.js' },
      '_charts-1.js': { file: 'assets/charts-1.js' },
      'style.css': { file: 'assets/style-1.css' },
    };
    expect([...publicBuildFiles(manifest)].sort()).toEqual([
      'assets/Button-1.js',
      'assets/access-1.js',
      'assets/eb-garamond-german-wght-normal-1.woff2',
      'assets/index-1.js',
      'assets/router-1.js',
      'assets/style-1.css',
    ]);
  });
});
