/** The stage's "Mock backend" box: latency, failure rate, page sizes and drive access mode of the Mirage drive, and its reset. */
import { MAX_MOCK_LATENCY_MS, MOCK_STORAGE_KEYS, STAGE_LABELS } from './config';
import type { ElementMaker, SafeStorage } from './dom';
import { isDriveAccess } from '../src/contract/driveAccess';

interface FieldSpec {
  id: string;
  label: string;
  key: string;
  attrs: Record<string, string>;
  error: string;
  valid: (text: string) => boolean;
  /** The text stored for a valid value (default: the number it spells). */
  stored?: (text: string) => string;
}

/** A labelled input (a number unless `attrs.type` says otherwise) stored under `key`; an invalid value is flagged and not stored. */
function storedField(el: ElementMaker, storage: SafeStorage, f: FieldSpec): HTMLElement {
  const input = el('input', { id: f.id, type: 'number', ...f.attrs, 'aria-describedby': `${f.id}-error` });
  input.value = storage.get(f.key) ?? '';
  const error = el('p', { id: `${f.id}-error`, class: 'stage-error' }, f.error);
  error.hidden = true;
  const commit = (): void => {
    const text = input.value.trim();
    const ok = text === '' || f.valid(text);
    input.setAttribute('aria-invalid', String(!ok));
    error.hidden = ok;
    if (!ok) return;
    if (text === '') storage.remove(f.key);
    else storage.set(f.key, f.stored ? f.stored(text) : String(Number(text)));
  };
  input.addEventListener('input', commit);
  input.addEventListener('change', commit);
  return el('div', { class: 'stage-field' }, el('label', { for: f.id }, f.label), input, error);
}

export function mockBackendBox(el: ElementMaker, storage: SafeStorage, onReset: () => void): HTMLElement {
  const latency = storedField(el, storage, {
    id: 'stage-mock-latency',
    label: STAGE_LABELS.latency,
    key: MOCK_STORAGE_KEYS.latencyMs,
    attrs: { min: '0', max: String(MAX_MOCK_LATENCY_MS), step: '50', inputmode: 'numeric' },
    error: `Enter whole milliseconds from 0 to ${MAX_MOCK_LATENCY_MS}.`,
    valid: (text) => /^\d+$/.test(text) && Number(text) <= MAX_MOCK_LATENCY_MS,
  });
  const failure = storedField(el, storage, {
    id: 'stage-mock-failure-rate',
    label: STAGE_LABELS.failureRate,
    key: MOCK_STORAGE_KEYS.failureRate,
    attrs: { min: '0', max: '1', step: '0.05', inputmode: 'decimal' },
    error: 'Enter a number from 0 to 1.',
    valid: (text) => /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(text),
  });
  const pageSizes = storedField(el, storage, {
    id: 'stage-mock-page-sizes',
    label: STAGE_LABELS.pageSizes,
    key: MOCK_STORAGE_KEYS.pageSizes,
    attrs: { type: 'text', inputmode: 'numeric', placeholder: 'e.g. 0,3' },
    error: 'Enter whole numbers separated by commas, e.g. 0,3 (an empty page, then one of three files).',
    valid: (text) => /^\d+(\s*,\s*\d+)*$/.test(text),
    stored: (text) => text.replace(/\s+/g, ''),
  });
  const driveAccess = storedField(el, storage, {
    id: 'stage-mock-drive-access',
    label: STAGE_LABELS.driveAccess,
    key: MOCK_STORAGE_KEYS.driveAccess,
    attrs: { type: 'text', placeholder: 'browse' },
    error: 'Enter browse (the folder browser) or picker (the Picker’s button), then reload the panel.',
    valid: (text) => isDriveAccess(text),
    stored: (text) => text,
  });
  const reset = el('button', { type: 'button', class: 'stage-button' }, STAGE_LABELS.resetMockDrive);
  reset.addEventListener('click', onReset);
  return el(
    'section',
    { class: 'stage-box', 'aria-labelledby': 'stage-mock-title' },
    el('h2', { id: 'stage-mock-title', class: 'stage-box-title' }, STAGE_LABELS.mockBackend),
    latency,
    failure,
    pageSizes,
    driveAccess,
    el(
      'p',
      { class: 'stage-hint' },
      'Page sizes: the first pages of every file listing, each still followed by more. Empty means the mock’s default. Stored in this browser’s localStorage.',
    ),
    reset,
  );
}
