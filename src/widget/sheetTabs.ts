/**
 * A spreadsheet of several sheets shown as part of the page (src/drive/convertSheet.ts) gets a tab
 * list, the WAI-ARIA tabs pattern: one tab per sheet (named by the sheet's heading), one sheet shown
 * at a time, the arrow keys moving between tabs (and Home, End), the selected tab the only one in
 * the Tab order. The stored rendering holds no script and no ARIA (the sanitizers allow neither):
 * without this script every sheet shows one under another under its heading, which is also what
 * search engines read. Both visitor pages run it on their content: the iframe page's native view
 * (the owner's: native/startNative.ts; the visitor's: visitor/visitorContent.ts) and the custom element's (src/element/nativeElement.ts).
 */

const SHEETS = 'dfw-sheets';
const TABBED = 'dfw-tabbed';
let made = 0;

const sheetsOf = (container: Element): HTMLElement[] =>
  Array.from(container.children).filter((child): child is HTMLElement => child.classList.contains('dfw-sheet'));

/** Turns every sheet list in `root` of more than one sheet into tabs; a list already turned is left. */
export function enhanceSheets(root: ParentNode): void {
  for (const container of Array.from(root.querySelectorAll(`.${SHEETS}`))) {
    if (container.classList.contains(TABBED)) continue;
    const panels = sheetsOf(container);
    if (panels.length > 1) makeTabs(container as HTMLElement, panels);
  }
}

function makeTabs(container: HTMLElement, panels: HTMLElement[]): void {
  const doc = container.ownerDocument;
  const prefix = `dfw-sheet-${(made += 1)}`;
  const list = doc.createElement('div');
  list.className = 'dfw-tabs';
  list.setAttribute('role', 'tablist');
  const label = container.closest('[aria-label]')?.getAttribute('aria-label');
  if (label) list.setAttribute('aria-label', label);
  const tabs = panels.map((panel, i) => {
    const tab = doc.createElement('button');
    tab.type = 'button';
    tab.id = `${prefix}-tab-${i}`;
    tab.setAttribute('role', 'tab');
    tab.textContent = panel.querySelector('h2')?.textContent ?? String(i + 1);
    panel.id = `${prefix}-panel-${i}`;
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.tabIndex = 0;
    tab.setAttribute('aria-controls', panel.id);
    list.append(tab);
    return tab;
  });
  const select = (index: number, focus: boolean) => {
    tabs.forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === index));
      tab.tabIndex = i === index ? 0 : -1;
      panels[i]!.hidden = i !== index;
    });
    if (focus) tabs[index]!.focus();
  };
  list.addEventListener('click', (event) => {
    const index = tabs.indexOf((event.target as Element).closest?.('[role="tab"]') as HTMLButtonElement);
    if (index >= 0) select(index, true);
  });
  list.addEventListener('keydown', (event) => {
    const current = tabs.indexOf(event.target as HTMLButtonElement);
    if (current < 0) return;
    const backwards = getComputedStyle(list).direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const forwards = backwards === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    const next = { [forwards]: (current + 1) % tabs.length, [backwards]: (current - 1 + tabs.length) % tabs.length, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  });
  container.prepend(list);
  container.classList.add(TABBED);
  select(0, false);
}
