/**
 * The inert links match what `@wix/editor`'s frame API looks for before it requests its design
 * system's stylesheet (read from the installed package's own code), and they fetch nothing.
 */
import { readFileSync } from 'fs';
import { DESIGN_SYSTEM_STYLESHEETS, keepDesignSystemStylesheetOut } from './designSystemStylesheet';

const PACKAGE_CODE = require.resolve('@wix/editor-platform-environment-api').replace(/cjs[/\\]index\.js$/, 'esm/index.js');

afterEach(() => document.head.replaceChildren());

test('the addresses are the ones the installed editor package would request', () => {
  const code = readFileSync(PACKAGE_CODE, 'utf8');
  const map = /DESIGN_SYSTEM_STYLES_MAP = \{([^}]*)\}/.exec(code)?.[1] ?? '';
  const urls = [...map.matchAll(/"(https:[^"]+)"/g)].map((m) => m[1]);
  expect(urls.sort()).toEqual([...DESIGN_SYSTEM_STYLESHEETS].sort());
});

test('each address is marked as loaded by a link that is no stylesheet, once', () => {
  keepDesignSystemStylesheetOut(document);
  keepDesignSystemStylesheetOut(document);
  for (const href of DESIGN_SYSTEM_STYLESHEETS) {
    // The package's own check: `link[type="text/css"][href="…"]`.
    expect(document.querySelectorAll(`link[type="text/css"][href="${href}"]`)).toHaveLength(1);
  }
  expect(document.querySelectorAll('link[rel]')).toHaveLength(0);
});
