import { installComputedStyleCache } from './computedStyle';

if (typeof document !== 'undefined') {
  // Testing Library's DOM matchers (toBeInTheDocument…). A test file in Node's environment
  // (`@jest-environment node`) has no DOM to match, and does not load them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@testing-library/jest-dom');
}

// jsdom's getComputedStyle, computed once per element between two DOM mutations (see computedStyle.ts).
if (typeof window !== 'undefined' && typeof MutationObserver !== 'undefined') installComputedStyleCache(window);
