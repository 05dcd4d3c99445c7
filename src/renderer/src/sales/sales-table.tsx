/**
 * One page of sales as a table. The table scrolls inside its own box, with a sticky header, so the
 * sideways scrollbar and the column names stay in view on any window size; it shows skeleton rows
 * on the first load and dims the current rows while the next page loads.
 */
import { Box, LoadingOverlay, Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, type CSSProperties } from 'react';
import type { Sale } from '../../../shared/domain';
import { VISUALLY_HIDDEN } from '../common/visually-hidden-style';
import { SALES_COLUMNS, type SalesColumn } from './sales-columns';

const SKELETON_ROWS = 8;
const TABLE_MIN_WIDTH = 1000;

/** Props of {@link SalesTable}. */
export interface SalesTableProps {
  /** The rows, or null before the first page has arrived. */
  sales: Sale[] | null;
  /** Describes the table for screen readers (range and page). */
  caption: string;
  /** True while a newer page is loading over the rows shown. */
  busy: boolean;
}

/** The sales table. */
export function SalesTable({ sales, caption, busy }: SalesTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [sales]);

  return (
    <Box pos="relative" style={FRAME} aria-busy={busy || sales === null}>
      <LoadingOverlay visible={busy && sales !== null} overlayProps={{ blur: 1 }} loaderProps={{ size: 'md' }} />
      {sales === null && (
        <VisuallyHidden role="status" aria-live="polite">
          Loading sales…
        </VisuallyHidden>
      )}
      <Box ref={scroller} style={SCROLLER} tabIndex={0} role="region" aria-label="Sales table">
        <Table
          striped
          highlightOnHover
          stickyHeader
          tabularNums
          verticalSpacing={8}
          horizontalSpacing={6}
          fz={13}
          miw={TABLE_MIN_WIDTH}
        >
          <caption style={VISUALLY_HIDDEN}>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              {SALES_COLUMNS.map((column) => (
                <Table.Th key={column.id} ta={column.align} scope="col" style={headerStyle(column)}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sales === null ? <SkeletonRows /> : sales.map((sale, i) => <SaleRow key={`${i}:${sale.reference}`} sale={sale} />)}
          </Table.Tbody>
        </Table>
      </Box>
    </Box>
  );
}

/** Takes the height left on the screen, but no more than the rows need. */
const FRAME: CSSProperties = { display: 'flex', flexDirection: 'column', flex: '0 1 auto', minHeight: 0 };
const SCROLLER: CSSProperties = {
  flex: '0 1 auto',
  minHeight: 0,
  overflow: 'auto',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-md)',
};

function SaleRow({ sale }: { sale: Sale }) {
  return (
    <Table.Tr data-testid="sale-row">
      {SALES_COLUMNS.map((column) => (
        <Table.Td key={column.id} ta={column.align} style={cellStyle(column)} data-testid={column.testId}>
          {column.render(sale)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <Table.Tr key={row} aria-hidden="true">
      {SALES_COLUMNS.map((column) => (
        <Table.Td key={column.id}>
          <Skeleton height={12} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

function cellStyle(column: SalesColumn): CSSProperties {
  return column.width
    ? { minWidth: column.width.min, maxWidth: column.width.max, overflowWrap: 'break-word' }
    : { whiteSpace: 'nowrap' };
}

/** Two-word headings may wrap at the space; one-word ones ("Sub-ID") never break at a hyphen. */
function headerStyle(column: SalesColumn): CSSProperties {
  return column.header.includes(' ') ? { verticalAlign: 'bottom' } : { whiteSpace: 'nowrap', verticalAlign: 'bottom' };
}
