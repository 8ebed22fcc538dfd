/** @jest-environment node */
import { compileQuery } from '../../mirage/query';
import { embedUrl } from './embed';
import { folderQuery, quoteQueryValue } from './query';

const G = 'application/vnd.google-apps.';

describe('embedUrl', () => {
  it.each([
    ['document', 'document'],
    ['spreadsheet', 'spreadsheets'],
    ['presentation', 'presentation'],
    ['drawing', 'drawings'],
  ])('a %s anyone may write opens in its editor', (type, path) => {
    expect(embedUrl('abc', G + type, 'writer', 'en')).toBe(`https://docs.google.com/${path}/d/abc/edit?hl=en`);
  });

  it.each([
    ['document', 'document'],
    ['spreadsheet', 'spreadsheets'],
    ['presentation', 'presentation'],
    ['drawing', 'drawings'],
  ])('a %s anyone may only read, or a private one, opens in preview', (type, path) => {
    expect(embedUrl('abc', G + type, 'reader', 'de')).toBe(`https://docs.google.com/${path}/d/abc/preview?hl=de`);
    expect(embedUrl('abc', G + type, 'none', 'de')).toBe(`https://docs.google.com/${path}/d/abc/preview?hl=de`);
  });

  it('a file shared by link before 2021 carries its resource key in every viewer URL', () => {
    expect(embedUrl('d1', G + 'document', 'reader', 'en', '0-Hk3x_Q')).toBe('https://docs.google.com/document/d/d1/preview?hl=en&resourcekey=0-Hk3x_Q');
    expect(embedUrl('d1', G + 'document', 'writer', 'en', '0-Hk3x_Q')).toBe('https://docs.google.com/document/d/d1/edit?hl=en&resourcekey=0-Hk3x_Q');
    expect(embedUrl('f1', G + 'form', 'reader', 'en', '0-k')).toBe('https://docs.google.com/forms/d/f1/viewform?embedded=true&hl=en&resourcekey=0-k');
    expect(embedUrl('b1', 'application/pdf', 'reader', 'en', '0-k')).toBe('https://drive.google.com/file/d/b1/preview?hl=en&resourcekey=0-k');
    // A value that is not a key is never put into the URL.
    expect(embedUrl('b1', 'application/pdf', 'reader', 'en', 'x&hl=de')).toBe('https://drive.google.com/file/d/b1/preview?hl=en');
    expect(embedUrl('b1', 'application/pdf', 'reader', 'en', null)).toBe('https://drive.google.com/file/d/b1/preview?hl=en');
  });

  it('a form opens its embedded form, whatever the role', () => {
    for (const role of ['none', 'reader', 'writer'] as const) {
      expect(embedUrl('f1', G + 'form', role, 'fr')).toBe('https://docs.google.com/forms/d/f1/viewform?embedded=true&hl=fr');
    }
  });

  it.each(['application/pdf', 'image/png', 'video/mp4', 'text/plain', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', G + 'folder'])(
    '%s opens in the drive preview, never an editor',
    (mime) => {
      expect(embedUrl('bin', mime, 'writer', 'en')).toBe('https://drive.google.com/file/d/bin/preview?hl=en');
      expect(embedUrl('bin', mime, 'reader', 'en')).toBe('https://drive.google.com/file/d/bin/preview?hl=en');
    },
  );

  it('encodes the id and the locale', () => {
    const url = embedUrl('a/b?c=d&e#f', G + 'document', 'writer', 'pt br&x=1');
    expect(url).toBe('https://docs.google.com/document/d/a%2Fb%3Fc%3Dd%26e%23f/edit?hl=pt%20br%26x%3D1');
    const parsed = new URL(url);
    expect(parsed.host).toBe('docs.google.com');
    expect([...parsed.searchParams.keys()]).toEqual(['hl']);
    expect(parsed.searchParams.get('hl')).toBe('pt br&x=1');
    expect(embedUrl('../../x', 'application/pdf', 'none', 'en')).toBe('https://drive.google.com/file/d/..%2F..%2Fx/preview?hl=en');
  });

  it('falls back to en when the locale is empty', () => {
    expect(embedUrl('abc', 'application/pdf', 'none', '')).toBe('https://drive.google.com/file/d/abc/preview?hl=en');
  });
});

describe('folderQuery (spec §7)', () => {
  it("lists the folder's children that are not trashed, or files not owned by me", () => {
    expect(folderQuery('root')).toBe("trashed = false and ('root' in parents or not 'me' in owners)");
  });

  it("escapes ' and \\ in the folder id", () => {
    expect(quoteQueryValue("it's")).toBe("'it\\'s'");
    expect(quoteQueryValue('a\\b')).toBe("'a\\\\b'");
    // The backslash is escaped first, so an escaped quote cannot be undone by the id.
    expect(quoteQueryValue("\\'")).toBe("'\\\\\\''");
    expect(folderQuery("x' or 'a' = 'a")).toBe("trashed = false and ('x\\' or \\'a\\' = \\'a' in parents or not 'me' in owners)");
  });

  it('the escaped query means the same folder to the drive', () => {
    const mine = { emailAddress: 'me@example.com', isAuthenticatedUser: true };
    for (const id of ["it's", 'a\\b', "\\'", "x' or 'a' = 'a"]) {
      const matches = compileQuery(folderQuery(id));
      expect(matches({ parents: [{ id }], owners: [mine], labels: { trashed: false } })).toBe(true);
      expect(matches({ parents: [{ id: 'other' }], owners: [mine], labels: { trashed: false } })).toBe(false);
      expect(matches({ parents: [{ id }], owners: [mine], labels: { trashed: true } })).toBe(false);
    }
  });
});
