import { translatePlural } from './messages';

describe('plural rules (Intl.PluralRules), not string concatenation', () => {
  it('says 1 item and 2 items, 0 items', () => {
    expect(translatePlural('en', 'files.count', 1)).toBe('1 item');
    expect(translatePlural('en', 'files.count', 2)).toBe('2 items');
    expect(translatePlural('en', 'files.count', 0)).toBe('0 items');
    expect(translatePlural('en', 'files.countMore', 1)).toBe('1 item loaded, more below');
  });

  it("uses the language's categories and falls back to a form the catalogue has", () => {
    // Polish has 'few' and 'many'; without Polish words the English 'other' form is used.
    expect(translatePlural('pl', 'files.count', 3)).toBe('3 items');
    expect(translatePlural('not a locale!', 'files.count', 1)).toBe('1 item');
  });
});
