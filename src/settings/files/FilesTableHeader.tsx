/** The files table's header row: one sort button per column, the sort order told by aria-sort. Memoised: scrolling does not render it. */
import { memo } from 'react';
import type { SortColumn, SortOrder } from './sortFiles';
import { HEADER_HEIGHT } from './layout';

const COLUMNS: SortColumn[] = ['title', 'owner', 'modified'];

interface FilesTableHeaderProps {
  sort: SortOrder;
  label(column: SortColumn): string;
  onSort(column: SortColumn): void;
}

function FilesTableHeaderView({ sort, label, onSort }: FilesTableHeaderProps) {
  const ariaSort = (column: SortColumn) => (sort.column === column ? (sort.reverse ? 'descending' : 'ascending') : undefined);
  return (
    <thead>
      <tr aria-rowindex={1}>
        {COLUMNS.map((column) => (
          <th key={column} scope="col" aria-sort={ariaSort(column)} className={`dfw-col-${column}`} style={{ height: HEADER_HEIGHT }}>
            <button type="button" className="dfw-sort" onClick={() => onSort(column)}>
              {label(column)}
              <span aria-hidden="true" className="dfw-sort__arrow">
                {sort.column === column ? (sort.reverse ? '▼' : '▲') : ''}
              </span>
            </button>
          </th>
        ))}
      </tr>
    </thead>
  );
}

export const FilesTableHeader = memo(FilesTableHeaderView);
