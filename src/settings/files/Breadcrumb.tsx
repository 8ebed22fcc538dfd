import type { BreadcrumbEntry } from '../../api/schemas';
import { folderOpened } from '../events';
import { useAppDispatch, useAppSelector, useT } from '../hooks';
import { selectBreadcrumb } from '../user/userSlice';

/** The folder trail; every entry but the current one opens its folder. */
export function Breadcrumb() {
  const dispatch = useAppDispatch();
  const t = useT();
  const trail = useAppSelector(selectBreadcrumb);
  const open = (entry: BreadcrumbEntry) => dispatch(folderOpened(entry));
  return (
    <nav aria-label={t('files.breadcrumb')} className="dfw-breadcrumb">
      <ol>
        {trail.map((entry, i) => {
          const current = i === trail.length - 1;
          return (
            <li key={entry.id}>
              {current ? (
                <span aria-current="page" className="dfw-breadcrumb__current" title={entry.title}>{entry.title}</span>
              ) : (
                <button type="button" className="dfw-breadcrumb__link" title={entry.title} onClick={() => open(entry)}>
                  {entry.title}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
