/**
 * @jest-environment node
 */
import { truncate } from './truncate';

describe('truncate', () => {
  it('leaves text of at most the length alone', () => {
    expect(truncate('My Drive')).toBe('My Drive');
    expect(truncate('0123456789')).toBe('0123456789');
  });

  it('defaults to length 10 and the suffix "..."', () => {
    expect(truncate('abcdefghijklmnop')).toBe('abcdefghij...');
  });

  it('cuts at the last space within the length', () => {
    expect(truncate('Quarterly report 2024')).toBe('Quarterly...');
    expect(truncate('Team plans for May')).toBe('Team plans...');
  });

  it('takes another length and suffix', () => {
    expect(truncate('Holiday photos from Rome', 16, '…')).toBe('Holiday photos…');
    expect(truncate('Holiday photos from Rome', 5, '')).toBe('Holid');
  });
});
