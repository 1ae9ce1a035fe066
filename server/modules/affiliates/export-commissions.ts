import type { AppContext } from "../../context";
import type { SessionUser } from "../accounts/sessions";
import { commissionState, invoiceMonths, loadLedger } from "./commission-ledger";

const HEADER = [
  "date",
  "invoice_month",
  "kind",
  "state",
  "invoice_amount",
  "rate_percent",
  "commission",
  "currency",
];

/** Cents (or basis points) as a plain decimal string with two decimals: -1234 -> "-12.34". */
const decimal = (hundredths: number) =>
  `${hundredths < 0 ? "-" : ""}${Math.floor(Math.abs(hundredths) / 100)}.${String(Math.abs(hundredths) % 100).padStart(2, "0")}`;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading
 * apostrophe; our own numbers, negative ones included, stay numbers. Quotes, commas and line breaks are quoted.
 */
function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The caller's commission ledger as CSV, one line per entry, oldest first (just the header for someone who never
 * earned one); nothing in it names the customers.
 */
export async function exportCommissions(
  ctx: Pick<AppContext, "db" | "clock">,
  user: Pick<SessionUser, "id">,
): Promise<string> {
  const ledger = await loadLedger(ctx.db, [user.id]);
  const now = ctx.clock.now();
  const months = invoiceMonths(ledger);
  const lines = [
    HEADER,
    ...ledger.map((entry) => [
      entry.earnedAt.toISOString().slice(0, 10),
      months.get(entry.id)!,
      entry.kind,
      commissionState(entry, now),
      decimal(entry.invoiceAmountCents),
      decimal(entry.rateBasisPoints),
      decimal(entry.amountCents),
      entry.currency,
    ]),
  ];
  return `${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
