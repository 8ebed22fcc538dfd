/* global window, performance, MutationObserver, requestAnimationFrame, localStorage, location, fetch, URLSearchParams */
/**
 * Code the benchmark runs inside the measured pages, so every figure is timed by the page itself.
 */

/** Installed before any script of every frame: marks when the first iframe enters the DOM. */
export const MARK_IFRAME = () => {
  const mark = () => {
    if (performance.getEntriesByName('iframe-in-dom').length === 0 && document.querySelector('iframe')) performance.mark('iframe-in-dom');
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
};

/** Marks (window.__listedAt, epoch ms) when the panel's first file row is in the DOM. */
export const markListedInPage = () => {
  new MutationObserver((_, observer) => {
    if (document.querySelector('table tbody tr:not([aria-hidden])')) {
      observer.disconnect();
      window.__listedAt = performance.timeOrigin + performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
};

/** Clicks the Name header and resolves with the ms until its aria-sort changed and a frame painted. */
export const clickSortInPage = () =>
  new Promise((resolve) => {
    const th = [...document.querySelectorAll('th')].find((x) => x.textContent.startsWith('Name'));
    const before = th.getAttribute('aria-sort');
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      const now = [...document.querySelectorAll('th')].find((x) => x.textContent.startsWith('Name'));
      if (now && now.getAttribute('aria-sort') !== before) {
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - t0));
      }
    });
    observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-sort'], childList: true });
    th.querySelector('button').click();
  });

/** The open folder's titles (from the mock backend), shuffled and sorted with one collator, `runs` times. */
export const sortShuffledCopyInPage = async (runs) => {
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
      // The panel's own listing query (src/drive/query.ts): the same rows the table sorts.
      q: `trashed = false and ('${folder}' in parents or not 'me' in owners)`,
      maxResults: '1000',
    });
    if (token) params.set('pageToken', token);
    const page = await (await fetch(`/api/files?${params}`)).json();
    titles = titles.concat(page.items.map((f) => f.title));
    token = page.nextPageToken ?? '';
  } while (token);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const copy = [...titles];
    for (let j = copy.length - 1; j > 0; j--) {
      const k = Math.floor(Math.random() * (j + 1));
      [copy[j], copy[k]] = [copy[k], copy[j]];
    }
    const collator = new Intl.Collator('en');
    const t0 = performance.now();
    copy.sort(collator.compare);
    times.push(performance.now() - t0);
  }
  return { count: titles.length, times };
};
