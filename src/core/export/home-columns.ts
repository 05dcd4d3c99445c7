/**
 * The home-currency columns of a sales export (L2): each sale's commission converted as earned and, once paid with a
 * payment date, as received, at the rates the rule gives them; the header names the rule. An amount that cannot be
 * converted stays an empty cell, and the About sheet says why.
 */
import { currencyDigits } from '../../shared/money';
import { convertedHeader } from '../../shared/rate-rule';
import type { CachedSale } from '../../shared/sales-query-types';
import { commissionMinor, convertAt, type HomeConversion } from '../home-currency';
import type { ExportCell, ExtraColumn } from './export-cells';

/** The columns, and the reasons (one per currency) why some amounts were left unconverted. */
export function homeColumns(conversion: HomeConversion): { columns: ExtraColumn[]; unconverted: Set<string> } {
  const unconverted = new Set<string>();
  const digits = currencyDigits(conversion.home);
  // Both columns read the same sale's commission: it is worked out once per row.
  let lastSale: CachedSale | null = null;
  let lastMinor: bigint | null = null;
  const minorOf = (sale: CachedSale): bigint | null => {
    if (sale !== lastSale) [lastSale, lastMinor] = [sale, commissionMinor(sale)];
    return lastMinor;
  };
  const cell = (sale: CachedSale, basis: 'earned' | 'received', day: string | null): ExportCell => {
    const minor = minorOf(sale);
    if (minor === null || day === null) return null;
    const converted = convertAt(conversion, minor, sale.currency, basis, day);
    if ('unconverted' in converted) {
      unconverted.add(converted.unconverted);
      return null;
    }
    const units = Number(converted.minorUnits);
    return {
      type: 'amount',
      value: units / 10 ** digits,
      currency: conversion.home,
      minor: units,
      scale: digits,
      exact: null,
    };
  };
  const { home, rule } = conversion;
  return {
    unconverted,
    columns: [
      {
        header: convertedHeader('Commission', home, 'earned', rule),
        width: 24,
        cell: (sale) => cell(sale, 'earned', sale.transactionDate),
      },
      {
        header: convertedHeader('Received', home, 'received', rule),
        width: 24,
        cell: (sale) => cell(sale, 'received', sale.paymentStatus === 'paid' ? sale.paymentDate : null),
      },
    ],
  };
}
