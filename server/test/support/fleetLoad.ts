/**
 * Load for the fleet tests: writers that append their tokens to a widget's title, one save at a
 * time on the revision they know (so every acknowledged save can be found in the end), and
 * visitors reading the widget's page, on both instances in turn.
 */
import { ownerInstance, visitorInstance } from './instances';
import type { Who } from './requests';
import { pageOn, readOn, saveOn, type Answer } from './fleet';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const widgetOf = (site: string): Who => ({ instance: ownerInstance({ instanceId: site }), compId: 'tpaSettings', origCompId: 'comp-1' });
const visitorOf = (site: string): Who => ({ instance: visitorInstance({ instanceId: site }), compId: 'tpaSettings', origCompId: 'comp-1' });

export interface Writer {
  acked: string[];
  answers: Answer[];
}

/**
 * Appends its tokens to the widget's title, one save at a time, each on the revision it knows;
 * after a refusal or no answer it reads the settings again (from the other instance).
 */
export async function write(bases: () => string[], who: Who, label: string, attempts: number, gapMs = 0): Promise<Writer> {
  const result: Writer = { acked: [], answers: [] };
  let revision = 0;
  let title = '';
  for (let i = 0; i < attempts; i++) {
    const [base, other] = i % 2 === 0 ? bases() : [...bases()].reverse();
    const token = `${label}${i}`;
    const next = title ? `${title} ${token}` : token;
    const answer = await saveOn(base!, who, { activeFileTitle: next }, revision);
    result.answers.push(answer);
    if (answer.status === 200) {
      revision = answer.body.revision as number;
      title = next;
      result.acked.push(token);
    } else {
      const read = await readOn(other!, who);
      if (read.status === 200) {
        revision = read.body.revision as number;
        title = (read.body.activeFileTitle as string | null) ?? '';
      }
    }
    if (gapMs > 0) await pause(gapMs);
  }
  return result;
}

export const statusesOf = (writers: Writer[]) => new Set(writers.flatMap((w) => w.answers.map((a) => a.status)));

/** The settings as one instance or the other has them, asked until one answers (the database may be away). */
async function settled(bases: string[], who: Who, answers: Answer[]): Promise<{ revision: number; title: string }> {
  for (let i = 0; i < 150; i++) {
    const read = await readOn(bases[i % 2]!, who);
    answers.push(read);
    if (read.status === 200) return { revision: read.body.revision as number, title: (read.body.activeFileTitle as string | null) ?? '' };
    await pause(100);
  }
  throw new Error('the settings could not be read for 15 s');
}

/**
 * Saves on both instances in turn, each on the revision it knows, until `going()` says stop;
 * after any other answer than a 200 it reads the settings again before its next save.
 */
async function writeWhile(going: () => boolean, bases: string[], who: Who, label: string): Promise<Writer> {
  const result: Writer = { acked: [], answers: [] };
  let known = { revision: 0, title: '' };
  for (let i = 0; going(); i++) {
    const token = `${label}${i}`;
    const title = known.title ? `${known.title} ${token}` : token;
    const answer = await saveOn(bases[i % 2]!, who, { activeFileTitle: title }, known.revision);
    result.answers.push(answer);
    if (answer.status === 200) {
      known = { revision: answer.body.revision as number, title };
      result.acked.push(token);
    } else known = await settled(bases, who, result.answers);
    await pause(120);
  }
  return result;
}

/** A visitor's page of `site`, from both instances in turn, until `going()` says stop. */
async function readPagesWhile(going: () => boolean, bases: string[], site: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; going(); i++) {
    answers.push(await pageOn(bases[i % 2]!, visitorOf(site)));
    await pause(50);
  }
  return answers;
}

/** Saves (one writer a site) and visitors' pages on both instances, until stopped. */
export function startLoad(bases: string[], sites: string[]) {
  let going = true;
  const writers = Promise.all(sites.map((site, i) => writeWhile(() => going, bases, widgetOf(site), `${i}-`)));
  const readers = Promise.all(sites.map((site) => readPagesWhile(() => going, bases, site)));
  return {
    async stop() {
      going = false;
      return { writers: await writers, pages: (await readers).flat() };
    },
  };
}

/** The database's own refusal: 503 `database_unavailable` as JSON, with Retry-After, within 2 s. */
export const isUnavailable = (a: Answer) =>
  a.status === 503 &&
  a.body.error === 'database_unavailable' &&
  a.headers.get('content-type')?.startsWith('application/json') === true &&
  a.headers.get('retry-after') === '2' &&
  a.ms < 2_000;
export const shown = (a: Answer) => `${a.status} ${String(a.body.error ?? '')} in ${a.ms} ms: ${a.asked.split('?')[0]}`;
