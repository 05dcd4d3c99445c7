/** The style of a table cell holding an amount or a count: right-aligned, figures of one width, on one line. */
export const NUMBER_CELL = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
