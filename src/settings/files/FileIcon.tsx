import { fileKind, type FileKind } from '../../drive/rules';

const COLOURS: Record<FileKind, string> = {
  folder: '#8f9bb3',
  document: '#4285f4',
  spreadsheet: '#0f9d58',
  presentation: '#f4b400',
  drawing: '#db4437',
  form: '#7248b9',
  pdf: '#d93025',
  image: '#d93025',
  video: '#d93025',
  audio: '#e37400',
  text: '#5f6368',
  archive: '#5f6368',
  file: '#5f6368',
};

const LETTER: Record<FileKind, string> = {
  folder: '',
  document: 'W',
  spreadsheet: 'X',
  presentation: 'P',
  drawing: 'D',
  form: 'F',
  pdf: 'PDF',
  image: 'IMG',
  video: '▶',
  audio: '♪',
  text: 'TXT',
  archive: 'ZIP',
  file: '',
};

/** A small decorative icon for a file kind; the kind itself is said in words elsewhere. */
export function FileIcon({ mimeType }: { mimeType: string }) {
  const kind = fileKind(mimeType);
  const colour = COLOURS[kind];
  return (
    <svg className="dfw-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {kind === 'folder' ? (
        <path d="M2 5a1 1 0 0 1 1-1h5l2 2h7a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1z" fill={colour} />
      ) : (
        <>
          <path d="M4 2h8l4 4v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z" fill={colour} />
          <text x="9.5" y="14" fontSize={LETTER[kind].length > 1 ? 4.5 : 7} fill="#fff" textAnchor="middle" fontFamily="sans-serif" fontWeight="700">
            {LETTER[kind]}
          </text>
        </>
      )}
    </svg>
  );
}
