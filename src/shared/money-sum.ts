/**
 * A running exact sum of amounts of one currency, cheap for the common case: amounts that are plain integer units of
 * the currency's scale are added in a double and moved into a bigint carry before the sum could pass 2^53, so no
 * addition rounds; any other amount (finer than the currency, or huge) is added exactly as a decimal. The sum is kept
 * at the finest scale added, and `finestScale` says which, so a spreadsheet formula can round its float sum back to
 * exactly this value.
 */
import { addDecimals, decimalsOf, roundDecimal, type ExactDecimal } from './money';

/** Plain units up to this size keep the double exact when added to a sum below it. */
const PLAIN_LIMIT = 2 ** 52;

/** Sum of amounts of a currency whose own scale is `scale`. */
export class ExactSum {
  private plain = 0;
  private carry = 0n;
  private fine: ExactDecimal = { units: 0n, scale: 0 };
  private finest: number;

  constructor(private readonly scale: number) {
    this.finest = scale;
  }

  /** Adds plain integer units of the currency's scale (at most 2^52 in size; anything else goes through {@link add}). */
  addUnits(units: number): void {
    if (!Number.isSafeInteger(units) || units > PLAIN_LIMIT || units < -PLAIN_LIMIT) {
      this.add({ units: BigInt(units), scale: this.scale });
      return;
    }
    const total = this.plain + units;
    if (total < PLAIN_LIMIT && total > -PLAIN_LIMIT) {
      this.plain = total;
    } else {
      this.carry += BigInt(total);
      this.plain = 0;
    }
  }

  /** Adds any exact amount. */
  add(value: ExactDecimal): void {
    this.finest = Math.max(this.finest, decimalsOf(value));
    const { units, exact } = roundDecimal(value, this.scale);
    if (exact && units <= BigInt(PLAIN_LIMIT) && units >= -BigInt(PLAIN_LIMIT)) this.addUnits(Number(units));
    else this.fine = addDecimals(this.fine, value);
  }

  /** The exact sum so far. */
  total(): ExactDecimal {
    return addDecimals({ units: BigInt(this.plain) + this.carry, scale: this.scale }, this.fine);
  }

  /** The most decimals of any amount added (at least the currency's). */
  get finestScale(): number {
    return this.finest;
  }
}
