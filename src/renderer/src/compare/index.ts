/** The Compare section: a period against the one before, with a breakdown and its CSV. */
export { CompareScreen } from './compare-screen';
