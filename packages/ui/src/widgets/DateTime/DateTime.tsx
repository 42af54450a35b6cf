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
 * costs far more than formatting with one, and a feed shows dozens of dates.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(locale: string | undefined, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
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
