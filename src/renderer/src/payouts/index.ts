/** The Payouts section: paid sales by payment date and currency, what is owed and pending. */
export { PayoutsScreen } from './payouts-screen';
