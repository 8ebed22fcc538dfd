/* global window, performance, PerformanceObserver, MutationObserver, requestAnimationFrame, localStorage, location, fetch, URLSearchParams */
/**
 * The files table in the 5,009-row Archive folder (stage build, Mirage drive), timed in the panel's
 * frame, each figure beside a reference measured in the same page:
 * - Pages while scrolling: every page of the folder loaded while scrolling, the last ones at a
 *   steady pace (STEADY_PX a frame). Long tasks (over 50 ms) while pages arrive, against the same
 *   steady scroll back over rows already loaded (nothing arriving); frames where the owner saw the
 *   end of the loaded rows while more were to come (a gap; goal 0).
 * - Sorting: a header click → the committed DOM (the mutation observer's callback right after
 *   React's commit) and → the next frame, for every column and both directions; against a bare
 *   `localeCompare` sort of the same titles in shuffled order, taken in turns with the clicks.
 *   Goal: ratio ≤ 2.
 */

const STEADY_PX = 30;
/** Rows loaded by jumps to the end before the steady scroll over the rest of the folder. */
const JUMP_UNTIL_ROWS = 4000;

/** Scrolls the panel's table: jumps to the end until `jumpUntil` rows are in, then STEADY_PX a frame to the end. */
const scrollFolderInPage = ({ jumpUntil, px, timeoutMs }) =>
  new Promise((resolve) => {
    const viewport = document.querySelector('.dfw-files .ui-scroll__viewport');
    const table = viewport.querySelector('table');
    const more = () => /more below/.test(document.querySelector('.dfw-count')?.textContent ?? '');
    const rows = () => Number(table.getAttribute('aria-rowcount')) - 1;
    const longTasks = { jumping: [], steady: [] };
    let phase = 'jumping';
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks[phase].push(+entry.duration.toFixed(1));
    });
    observer.observe({ type: 'longtask' });
    const steady = { frames: 0, gapFrames: 0, gapMs: 0, ms: 0, fromRows: 0 };
    // The longest time from one frame to the next, per phase (a frame's scroll task and what else ran).
    const longestFrame = { jumping: 0, steady: 0 };
    let previous = 0;
    const t0 = performance.now();
    let steadyStart = 0;
    let last = 0;
    const finish = () => {
      observer.disconnect();
      steady.ms = +(last - steadyStart).toFixed(0);
      resolve({ longTasks, longestFrame, steady, rows: rows(), more: more() });
    };
    const frame = (now) => {
      if (now - t0 > timeoutMs) return finish();
      if (previous) longestFrame[phase] = Math.max(longestFrame[phase], +(now - previous).toFixed(1));
      previous = now;
      if (phase === 'jumping') {
        if (rows() < jumpUntil) {
          viewport.scrollTop = viewport.scrollHeight;
          return requestAnimationFrame(frame);
        }
        phase = 'steady';
        steadyStart = now;
        steady.fromRows = rows();
        viewport.scrollTop = Math.max(0, table.offsetHeight - 3 * viewport.clientHeight);
        last = now;
        return requestAnimationFrame(frame);
      }
      steady.frames += 1;
      // The owner sees below the last loaded row while more are to come: a gap.
      const seesPastRows = viewport.scrollTop + viewport.clientHeight > table.offsetTop + table.offsetHeight + 1;
      if (seesPastRows && more()) {
        steady.gapFrames += 1;
        steady.gapMs += now - last;
      }
      last = now;
      if (!more() && viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight - 1) return finish();
      viewport.scrollTop += px;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });

/** The same steady scroll back up over rows already loaded: the scroll's own long tasks. */
const scrollBackInPage = ({ px, rowsBack }) =>
  new Promise((resolve) => {
    const viewport = document.querySelector('.dfw-files .ui-scroll__viewport');
    const longTasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(+entry.duration.toFixed(1));
    });
    observer.observe({ type: 'longtask' });
    const stop = Math.max(0, viewport.scrollTop - rowsBack * 40);
    let longestFrame = 0;
    let previous = 0;
    const frame = (now) => {
      if (previous) longestFrame = Math.max(longestFrame, +(now - previous).toFixed(1));
      previous = now;
      if (viewport.scrollTop <= stop) {
        observer.disconnect();
        return resolve({ longTasks, longestFrame });
      }
      viewport.scrollTop -= px;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });

/** Clicks a column's header: ms to the committed DOM (its aria-sort changed) and to the next frame. */
const clickHeaderInPage = (label) =>
  new Promise((resolve) => {
    const header = () => [...document.querySelectorAll('th')].find((th) => th.textContent.startsWith(label));
    const before = header().getAttribute('aria-sort');
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      const sort = header()?.getAttribute('aria-sort');
      if (sort === before) return;
      const committed = performance.now() - t0;
      observer.disconnect();
      requestAnimationFrame(() => resolve({ sort, committed, frame: performance.now() - t0 }));
    });
    observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-sort'], childList: true });
    header().querySelector('button').click();
  });

/** Keeps the open folder's titles in the page (from the mock drive, with the panel's own query); resolves with their count. */
const loadTitlesInPage = async () => {
  const state = JSON.parse(localStorage.getItem('mirage:state') ?? '{}');
  const trail = Object.values(state.users ?? {})
    .map((u) => u.breadcrumb)
    .find((b) => b && b.length > 1);
  const folder = trail[trail.length - 1].id;
  const query = new URLSearchParams(location.search);
  let titles = [];
  let token = '';
  do {
    const params = new URLSearchParams({
      instance: query.get('instance') ?? '',
      compId: query.get('compId') ?? '',
      origCompId: query.get('origCompId') ?? '',
      q: `trashed = false and ('${folder}' in parents or not 'me' in owners)`,
      maxResults: '1000',
    });
    if (token) params.set('pageToken', token);
    const page = await (await fetch(`/api/files?${params}`)).json();
    titles = titles.concat(page.items.map((f) => f.title));
    token = page.nextPageToken ?? '';
  } while (token);
  window.__benchTitles = titles;
  return titles.length;
};

/** The kept titles shuffled, then sorted with a bare localeCompare: the ms of the sort. */
const bareSortInPage = () => {
  const copy = [...window.__benchTitles];
  for (let j = copy.length - 1; j > 0; j--) {
    const k = Math.floor(Math.random() * (j + 1));
    [copy[j], copy[k]] = [copy[k], copy[j]];
  }
  const t0 = performance.now();
  copy.sort((a, b) => a.localeCompare(b));
  return performance.now() - t0;
};

const COLUMNS = ['Name', 'Owner', 'Last modified'];

async function openArchive(page, url) {
  await page.goto(url + '/');
  // A fresh mock drive and panel state: the panel starts in My Drive.
  await page.evaluate(() => localStorage.clear());
  await page.goto(url + '/');
  const panel = page.frameLocator('iframe[title="Settings panel"]');
  await panel
    .getByRole('table', { name: 'Files in My Drive' })
    .getByRole('button', { name: /^Archive(,| |$)/ })
    .first()
    .click();
  await panel.getByRole('table', { name: 'Files in Archive' }).locator('tbody tr:not([aria-hidden])').first().waitFor({ timeout: 60_000 });
  return page.frames().find((f) => f.url().includes('settings.html'));
}

/** Header clicks and the bare sort taken in turns, so both meet the same load. */
async function sortEveryColumn(frame, runs, summary) {
  const times = {};
  const count = await frame.evaluate(loadTitlesInPage);
  const bare = [];
  for (let i = 0; i < runs; i++) {
    for (const label of COLUMNS) {
      bare.push(await frame.evaluate(bareSortInPage));
      for (let click = 0; click < 2; click++) {
        const { sort, committed, frame: toFrame } = await frame.evaluate(clickHeaderInPage, label);
        const key = `${label} ${sort}`;
        times[key] ??= { committed: [], frame: [] };
        times[key].committed.push(committed);
        times[key].frame.push(toFrame);
      }
    }
  }
  const reference = summary(bare);
  const columns = {};
  for (const [key, { committed, frame: toFrame }] of Object.entries(times)) {
    const c = summary(committed);
    columns[key] = {
      clickToDomMs: c.median,
      min: c.min,
      max: c.max,
      toNextFrameMs: summary(toFrame).median,
      bareSortMs: reference.median,
      ratio: +(c.median / reference.median).toFixed(2),
    };
  }
  const worst = Math.max(...Object.values(columns).map((c) => c.ratio));
  return { titles: count, bareLocaleCompareSortMs: reference, columns, worstRatio: worst, goal: 2 };
}

/** Runs the table's figures in the stage at `url`; `summary` gives median and spread. */
export async function benchFilesTable({ context, url, runs, summary }) {
  const page = await context.newPage();
  try {
    const frame = await openArchive(page, url);
    const scroll = await frame.evaluate(scrollFolderInPage, { jumpUntil: JUMP_UNTIL_ROWS, px: STEADY_PX, timeoutMs: 240_000 });
    const back = await frame.evaluate(scrollBackInPage, { px: STEADY_PX, rowsBack: scroll.rows - scroll.steady.fromRows });
    const longest = (xs) => (xs.length ? Math.max(...xs) : 0);
    const pages = {
      rows: scroll.rows,
      allLoaded: !scroll.more,
      steadyPxPerFrame: STEADY_PX,
      steadyFromRows: scroll.steady.fromRows,
      steadyFrames: scroll.steady.frames,
      gapFrames: scroll.steady.gapFrames,
      gapMs: +scroll.steady.gapMs.toFixed(0),
      longTasksWhilePagesArrive: scroll.longTasks.jumping.length + scroll.longTasks.steady.length,
      longestTaskWhilePagesArriveMs: longest([...scroll.longTasks.jumping, ...scroll.longTasks.steady]),
      longestTaskSteadyOverLoadedRowsMs: longest(back.longTasks),
      longestFrameJumpingMs: scroll.longestFrame.jumping,
      longestFrameSteadyMs: scroll.longestFrame.steady,
      longestFrameSteadyOverLoadedRowsMs: back.longestFrame,
      goalMs: 50,
    };
    const sort = await sortEveryColumn(frame, runs, summary);
    return { pages, sort };
  } finally {
    await page.close();
  }
}

/** Prints the figures as the bench's tables. */
export function printFilesTable(results) {
  const { pages, sort } = results;
  console.log('\nThe Archive folder (5,009 rows): pages while scrolling (long task = over 50 ms; goal: none, and no gap)');
  console.table({
    'while pages arrive': {
      longTasks: pages.longTasksWhilePagesArrive,
      longestMs: pages.longestTaskWhilePagesArriveMs,
      longestFrameJumpingMs: pages.longestFrameJumpingMs,
      longestFrameSteadyMs: pages.longestFrameSteadyMs,
    },
    'reference: same steady scroll, rows already in': {
      longTasks: '',
      longestMs: pages.longestTaskSteadyOverLoadedRowsMs,
      longestFrameJumpingMs: '',
      longestFrameSteadyMs: pages.longestFrameSteadyOverLoadedRowsMs,
    },
  });
  console.log(
    `Steady scroll at ${pages.steadyPxPerFrame} px a frame from row ${pages.steadyFromRows} to ${pages.rows}: ${pages.steadyFrames} frames, ${pages.gapFrames} with a gap (${pages.gapMs} ms); all loaded: ${pages.allLoaded}`,
  );
  console.log(`Sorting ${sort.titles} rows: header click → committed DOM vs a bare localeCompare sort of the same titles, shuffled (goal: ratio ≤ 2)`);
  console.table(sort.columns);
  console.log(`Worst sort ratio: ${sort.worstRatio}`);
}
