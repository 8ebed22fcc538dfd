/** The stage's event log: the latest LOG_LIMIT entries, each with its time, announced politely. */
import { LOG_LIMIT, STAGE_LABELS } from './config';
import type { ElementMaker } from './dom';

export interface EventLog {
  readonly box: HTMLElement;
  log(text: string): void;
  entries(): string[];
  /** Later entries are dropped. */
  stop(): void;
}

function clock(date: Date): string {
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

export function createEventLog(el: ElementMaker): EventLog {
  let stopped = false;
  const list = el('ol', { class: 'stage-log', role: 'log', 'aria-live': 'polite', 'aria-labelledby': 'stage-log-title' });
  const box = el(
    'section',
    { class: 'stage-box', 'aria-labelledby': 'stage-log-title' },
    el('h2', { id: 'stage-log-title', class: 'stage-box-title' }, STAGE_LABELS.eventLog),
    list,
  );
  return {
    box,
    log(text) {
      if (stopped) return;
      list.append(el('li', {}, el('time', {}, clock(new Date())), ` ${text}`));
      while (list.children.length > LOG_LIMIT) list.firstElementChild?.remove();
    },
    entries: () => [...list.children].map((li) => li.textContent ?? ''),
    stop() {
      stopped = true;
    },
  };
}
