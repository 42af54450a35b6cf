import * as React from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * How dates and times are written: the reader's own locale and time zone unless a provider pins
 * them. Stories and screenshot tests pin both, so the same fixture always prints the same text.
 */
export interface DateTimeFormat {
  locale?: string;
  timeZone?: string;
}

const DateTimeFormatContext = React.createContext<DateTimeFormat>({});

export function DateTimeFormatProvider({ locale, timeZone, children }: DateTimeFormat & { children: React.ReactNode }) {
  const value = React.useMemo(() => ({ locale, timeZone }), [locale, timeZone]);
  return <DateTimeFormatContext.Provider value={value}>{children}</DateTimeFormatContext.Provider>;
}

/**
 * One formatter per locale and time zone for the whole page: building an Intl.DateTimeFormat
 * costs far more than formatting with one, and a feed shows dozens of dates. A page uses one or
 * two; the server drawing pages (apps/web/src/first-screen) one per reader's locale and zone,
 * which its visitors choose: the cache starts over past FORMATTERS_KEPT rather than grow with them.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATTERS_KEPT = 32;
function formatterFor(locale: string | undefined, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    if (formatters.size >= FORMATTERS_KEPT) formatters.clear();
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
}

/*
 * The first Intl.DateTimeFormat a page builds loads its locale's data: ~15 ms of main thread
 * (54–63 ms at Lighthouse's 4× CPU), measured inside the render of a feed's first card, which
 * the page's main picture waits for (issue 22, scripts/bench-web/profile.ts). The reader's own
 * formatter is built when the browser is first idle instead, usually while the page still waits
 * for its posts; where it is not idle before the first date is drawn, that draw builds it as before.
 */
if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
  window.requestIdleCallback(() => formatterFor(undefined, undefined));
}

/** The locale and time zone dates are written in (the provider's, else the reader's own). */
export function useDateTimeFormat(): DateTimeFormat {
  return React.useContext(DateTimeFormatContext);
}

/** Formats an ISO date as the date and time ("Nov 22, 2026, 7:30 AM" in en-US). */
export function useFormatDateTime(): (iso: string) => string {
  const { locale, timeZone } = React.useContext(DateTimeFormatContext);
  const format = formatterFor(locale, timeZone);
  return React.useCallback((iso: string) => format.format(new Date(iso)), [format]);
}

export interface DateTimeProps extends Omit<React.ComponentProps<'time'>, 'dateTime' | 'children'> {
  /** An ISO 8601 date and time, as the API sends it. */
  value: string;
}

/** A creation date and time (posts and comments): a `<time>` with the machine-readable value. */
export function DateTime({ value, className, ...props }: DateTimeProps) {
  const format = useFormatDateTime();
  return (
    <time data-slot="date-time" dateTime={value} className={cn('tabular-nums', className)} {...props}>
      {format(value)}
    </time>
  );
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Formats a calendar day (`YYYY-MM-DD`, a build-log entry's date) in the reader's locale: "Mar 14,
 * 2026". A day is no instant: it is read and written in UTC, so no time zone moves it a day.
 */
export function useFormatCalendarDay(): (day: string) => string {
  const { locale } = React.useContext(DateTimeFormatContext);
  const key = locale ?? '';
  let format = dayFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormatters.set(key, format);
  }
  const formatter = format;
  return React.useCallback((day: string) => formatter.format(new Date(`${day}T00:00:00Z`)), [formatter]);
}

export interface CalendarDayProps extends Omit<React.ComponentProps<'time'>, 'dateTime' | 'children'> {
  /** A calendar date, `YYYY-MM-DD`. */
  value: string;
}

/** A calendar day (a log entry's date): a `<time>` with the day as its machine-readable value. */
export function CalendarDay({ value, className, ...props }: CalendarDayProps) {
  const format = useFormatCalendarDay();
  return (
    <time data-slot="calendar-day" dateTime={value} className={cn('tabular-nums', className)} {...props}>
      {format(value)}
    </time>
  );
}
