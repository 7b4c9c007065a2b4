import { Table, type TableProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './table-head.module.css';

/** A table's header row: one column heading each. */
export function TableHead({ columns, leading }: { columns: readonly string[]; leading?: ReactNode }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {/* A narrow first cell before the columns (a select-all checkbox), where given. */}
        {leading !== undefined && <Table.Th w={40}>{leading}</Table.Th>}
        {columns.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * A data table that is a stack of cards on a phone (table-head.module.css): give each cell its
 * column's name as `data-label` (`<Table.Td data-label="Status">`). From the sm breakpoint up it is
 * a table at least `minWidth` pixels wide, scrolling inside its own box when the screen is narrower.
 */
export function StackedTable({
  minWidth,
  className,
  style,
  ...props
}: TableProps & { minWidth?: number; style?: CSSProperties }) {
  return (
    <div className={classes.scroll}>
      <Table
        {...props}
        className={className ? `${classes.table} ${className}` : classes.table}
        style={{ ...style, ...(minWidth ? { '--stacked-table-min-width': `${minWidth}px` } : {}) }}
      />
    </div>
  );
}
