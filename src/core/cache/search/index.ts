export * from './search-text';
export * from './text-search';
export { forgetSaleTexts, keepSaleTextsIn, saveSaleTexts } from './sale-texts';
export { removeSavedTexts } from './saved-texts';
