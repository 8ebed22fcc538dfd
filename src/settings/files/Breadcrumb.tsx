import { useEffect, useRef } from 'react';
import type { BreadcrumbEntry } from '../../api/schemas';
import { truncate } from '../../ui/truncate';
import { VisuallyHidden } from '../../ui';
import { folderOpened, selectBreadcrumb, useAppDispatch, useAppSelector, useT } from '../model';
import { isNamedByPanel, useFolderName } from './useFolderName';

/**
 * A folder name cut by the spec's truncate filter (§5); the full name stays in the tooltip and for
 * screen readers. The drive's top folder is a fixed word of the panel's language: shown whole.
 */
function Short({ title, whole }: { title: string; whole: boolean }) {
  const short = whole ? title : truncate(title);
  if (short === title) return <>{title}</>;
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <VisuallyHidden>{title}</VisuallyHidden>
    </>
  );
}

/** The folder trail; every entry but the current one opens its folder. */
export function Breadcrumb() {
  const dispatch = useAppDispatch();
  const t = useT();
  const trail = useAppSelector(selectBreadcrumb);
  const folderName = useFolderName();
  const currentRef = useRef<HTMLSpanElement>(null);
  // The entry the owner pressed becomes the (unfocusable) current one: focus follows it there.
  const focusCurrent = useRef(false);
  const open = (entry: BreadcrumbEntry) => {
    focusCurrent.current = true;
    dispatch(folderOpened(entry));
  };
  useEffect(() => {
    if (!focusCurrent.current) return;
    focusCurrent.current = false;
    currentRef.current?.focus();
  }, [trail]);
  return (
    <nav aria-label={t('files.breadcrumb')} className="dfw-breadcrumb">
      <ol>
        {trail.map((entry, i) => {
          const current = i === trail.length - 1;
          const name = folderName(entry);
          const whole = isNamedByPanel(entry);
          return (
            <li key={entry.id}>
              {current ? (
                <span ref={currentRef} tabIndex={-1} aria-current="page" className="dfw-breadcrumb__current" title={name}>
                  <Short title={name} whole={whole} />
                </span>
              ) : (
                <button type="button" className="dfw-breadcrumb__link" title={name} onClick={() => open(entry)}>
                  <Short title={name} whole={whole} />
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
