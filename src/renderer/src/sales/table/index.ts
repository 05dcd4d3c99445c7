/** The virtual sales table: its columns and their layout, the grid, the rows it fetches, a sale's drawer. */
export { ColumnChooser } from './column-chooser';
export {
  defaultLayout,
  moveColumn,
  normalizeLayout,
  resizeColumn,
  setColumnVisible,
  visibleIds,
} from './column-layout';
export type { ColumnLayout } from './column-layout';
export { SaleDrawer } from './sale-drawer';
export { COLUMN_BY_ID, SALES_COLUMNS, commissionText, transactionText } from './sales-columns';
export type { SalesColumn } from './sales-columns';
export { SalesGrid } from './sales-grid';
export { sortNote } from './sort-note';
export { ToolbarButton } from './toolbar-button';
export { useSalesRows } from './use-sales-rows';
