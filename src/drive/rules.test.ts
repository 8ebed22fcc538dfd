/** @jest-environment node */
import { FOLDER_MIME, fileKind, isEditable, isFolderType, publicRoleOf } from './rules';

const G = 'application/vnd.google-apps.';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

describe('isEditable (spec §5)', () => {
  it.each(['document', 'spreadsheet', 'presentation', 'drawing'])('drive-native %s is editable', (t) => {
    expect(isEditable(G + t)).toBe(true);
  });

  it.each([
    ['a form', G + 'form'],
    ['a folder', FOLDER_MIME],
    ['another native type', G + 'site'],
    ['a PDF', 'application/pdf'],
    ['an office document', DOCX],
    ['an office spreadsheet', XLSX],
    ['an image', 'image/png'],
    ['an empty type', ''],
    ['a look-alike prefix', 'application/vnd.google-apps.documentx'],
  ])('%s is not editable', (_what, mime) => {
    expect(isEditable(mime)).toBe(false);
  });
});

describe('isFolderType', () => {
  it('is true for the folder type only', () => {
    expect(isFolderType(FOLDER_MIME)).toBe(true);
    expect(isFolderType(G + 'document')).toBe(false);
  });
});

describe('publicRoleOf', () => {
  it('is none without permissions, and none when only users have access', () => {
    expect(publicRoleOf([])).toBe('none');
    expect(publicRoleOf([{ role: 'owner', type: 'user' }])).toBe('none');
  });

  it('ignores a writer that is not of type anyone', () => {
    expect(
      publicRoleOf([
        { role: 'writer', type: 'user' },
        { role: 'writer', type: 'group' },
        { role: 'writer', type: 'domain' },
      ]),
    ).toBe('none');
    expect(
      publicRoleOf([
        { role: 'writer', type: 'user' },
        { role: 'reader', type: 'anyone' },
      ]),
    ).toBe('reader');
  });

  it.each([
    ['reader', 'reader'],
    ['commenter', 'reader'],
    ['writer', 'writer'],
  ] as const)('anyone %s gives %s', (role, expected) => {
    expect(
      publicRoleOf([
        { role: 'owner', type: 'user' },
        { role, type: 'anyone' },
      ]),
    ).toBe(expected);
  });

  it('writer wins over reader whatever the order', () => {
    expect(
      publicRoleOf([
        { role: 'reader', type: 'anyone' },
        { role: 'writer', type: 'anyone' },
      ]),
    ).toBe('writer');
    expect(
      publicRoleOf([
        { role: 'writer', type: 'anyone' },
        { role: 'reader', type: 'anyone' },
      ]),
    ).toBe('writer');
  });

  it('an unknown anyone role gives nothing', () => {
    expect(publicRoleOf([{ role: 'mystery', type: 'anyone' }])).toBe('none');
  });
});

describe('fileKind', () => {
  it.each([
    [FOLDER_MIME, 'folder'],
    [G + 'document', 'document'],
    [G + 'spreadsheet', 'spreadsheet'],
    [G + 'presentation', 'presentation'],
    [G + 'drawing', 'drawing'],
    [G + 'form', 'form'],
    [G + 'site', 'file'],
    ['application/pdf', 'pdf'],
    ['image/png', 'image'],
    ['image/jpeg', 'image'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
    ['text/plain', 'text'],
    [DOCX, 'document'],
    ['application/msword', 'document'],
    [XLSX, 'spreadsheet'],
    ['application/vnd.ms-excel', 'spreadsheet'],
    [PPTX, 'presentation'],
    ['application/vnd.ms-powerpoint', 'presentation'],
    ['application/zip', 'archive'],
    ['application/x-tar', 'archive'],
    ['application/octet-stream', 'file'],
  ])('%s is a %s', (mime, kind) => {
    expect(fileKind(mime)).toBe(kind);
  });
});
