import { formatLongDate, parseIsoDate, type IsoDate } from '@uplift/core/calendar';
import type { Minor } from '@uplift/core/money';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import type { Payment } from '@uplift/core/schemas/payment';
import { ACTION_LABEL, failureSummary } from '../model/recovery';
import { buildCalendar, type CalendarWeek, chargedOf, describeDay, markLabel, markText, PAYMENT_STATE_LABEL, paymentState, refundText, shortDate, type SkipOption } from '../model/summary';

const WEEKDAY_INITIALS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];

/**
 * product-rules §2: the four-week calendar. Weeks 1–4 from the billing start, each payment day marked
 * with its state (paid, failed, cancelled, due, upcoming), passed days dimmed and the current
 * week highlighted. A payment still to come shows the donor's currency symbol (from core's
 * country table), and every mark is named for a screen reader: "payment day: £17.50 due".
 */
export function PaymentCalendar(props: {
  country: CountryCode;
  billingStart: IsoDate;
  today: IsoDate;
  payments: Payment[];
  money: (minor: Minor) => string;
  /** A failed week's action (pay now, confirm with the bank, another card). */
  onAction?: (payment: Payment) => void;
  /** Skipping a week (decision 134): what a week offers, and what to do when the donor picks it. */
  skipOption?: (week: CalendarWeek) => SkipOption;
  onSkip?: (week: CalendarWeek, option: 'skip' | 'undo') => void;
  /** A skip or undo is on its way: its buttons wait. */
  skipBusy?: boolean;
}) {
  const { symbol } = COUNTRIES[props.country];
  const weeks = buildCalendar(props.billingStart, props.today, props.payments);
  return (
    <section className="summary-calendar" aria-labelledby="summary-calendar-heading">
      {/* A skipped week's payment is taken a week after the last (decision 134): five weeks then. */}
      <h2 id="summary-calendar-heading">{weeks.length === 5 ? 'Your five weeks' : 'Your four weeks'}</h2>
      <ol className="calendar-weeks">
        {weeks.map((week) => {
          const state = week.payment ? paymentState(week.payment, props.today) : undefined;
          const option = props.skipOption?.(week);
          return (
            <li
              key={week.number}
              className={`calendar-week${week.isCurrent ? ' is-current' : ''}${week.isPast ? ' is-past' : ''}`}
              aria-current={week.isCurrent ? 'true' : undefined}
            >
              <div className="calendar-week-head">
                <h3>Week {week.number}</h3>
                {week.isCurrent && <span className="calendar-now">This week</span>}
                <span className="summary-muted calendar-range">
                  {shortDate(week.start)} – {shortDate(week.end)}
                </span>
              </div>
              <ol className="calendar-days">
                {week.days.map((day) => {
                  const dayState = day.payment ? paymentState(day.payment, props.today) : undefined;
                  const { day: dayOfMonth, year, month } = parseIsoDate(day.date);
                  const weekday = new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay();
                  return (
                    <li
                      key={day.date}
                      className={[
                        'calendar-day',
                        day.isPast ? 'is-past' : 'is-upcoming',
                        day.isToday ? 'is-today' : '',
                        dayState ? `is-payment state-${dayState}` : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                    >
                      <span aria-hidden="true" className="calendar-weekday">
                        {WEEKDAY_INITIALS[weekday]}
                      </span>
                      <span aria-hidden="true" className="calendar-date">
                        {dayOfMonth}
                      </span>
                      <span className="visually-hidden">{describeDay(day)}</span>
                      {day.payment && dayState && (
                        <span role="img" aria-label={markLabel(day.payment, props.today, props.money)} className="calendar-mark">
                          {markText(dayState, symbol)}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ol>
              <p className={`calendar-payment${state ? ` state-${state}` : ''}`}>
                {week.payment && state ? (
                  <>
                    <strong>{props.money(chargedOf(week.payment))}</strong> on {formatLongDate(week.payment.processing_date)}:{' '}
                    <span className="calendar-state">{PAYMENT_STATE_LABEL[state]}</span>
                    {refundText(week.payment, props.money) && <span className="calendar-refund"> ({refundText(week.payment, props.money)})</span>}
                    {state === 'failed' && <span className="calendar-reason"> {failureSummary(week.payment)}</span>}
                    {state === 'failed' && week.payment.action && props.onAction && (
                      <button type="button" className="button calendar-action" onClick={() => props.onAction?.(week.payment!)}>
                        {ACTION_LABEL[week.payment.action]}
                      </button>
                    )}
                  </>
                ) : week.skipped ? (
                  <span className="calendar-skipped">
                    Skipped: this week&rsquo;s payment will be taken on {formatLongDate(week.skipped.processing_date)} instead
                  </span>
                ) : (
                  <span className="summary-muted">No payment this week</span>
                )}
                {week.payment?.skipped_from && <span className="calendar-moved"> (moved from week {movedFromWeek(weeks, week.payment)})</span>}
              </p>
              {option && props.onSkip && (
                <div className="calendar-skip">
                  <button type="button" className="button secondary" disabled={props.skipBusy} onClick={() => props.onSkip?.(week, option)}>
                    {option === 'skip' ? `Skip week ${week.number}` : 'Undo skip'}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The week number a moved payment was skipped from. */
function movedFromWeek(weeks: CalendarWeek[], payment: Payment): number | undefined {
  return weeks.find((w) => w.start === payment.skipped_from)?.number;
}
