export * from './search-index';
export * from './search-text';
export * from './text-search';
export { forgetSaleTexts } from './sale-texts';
