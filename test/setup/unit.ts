import '@testing-library/jest-dom';
import { installComputedStyleCache } from './computedStyle';

// jsdom's getComputedStyle, computed once per element between two DOM mutations (see computedStyle.ts).
if (typeof window !== 'undefined' && typeof MutationObserver !== 'undefined') installComputedStyleCache(window);
