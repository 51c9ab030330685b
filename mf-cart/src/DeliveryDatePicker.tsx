import { api } from '@adire/api-client';
import type { DayPlace, DeliveryDay } from '@adire/contracts';
import { shopDate } from '@adire/domain';
import { chosenDayProblem, dayLine, fetchDeliveryDays, fewLeftWords, shownDay } from '@adire/domain/days';
import { useBusValue } from '@adire/ui';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import styles from './cart.module.css';
import { checkoutSettings } from './cartStore';
import { monthOf, pickerMarks, pickerRange, shutSummary } from './days';
import { firstDeliveryDate, isSelectableDate } from './rules';

const toDate = (iso: string) => new Date(`${iso}T12:00:00`);
const toIso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const EMPTY: ReadonlyMap<string, DeliveryDay> = new Map();

/**
 * The shop's answer for a place's days over some ranges, gathered as they arrive (a month the
 * shopper goes back to keeps what was read). Nothing until it answers: the date rule alone meanwhile.
 */
function useDayAnswers(place: DayPlace, ranges: readonly { from: string; days: number }[]): ReadonlyMap<string, DeliveryDay> {
  const key = ranges.map((r) => `${r.from}+${r.days}`).join(',');
  const [state, setState] = useState<{ place: DayPlace; answers: ReadonlyMap<string, DeliveryDay> }>({ place, answers: EMPTY });
  useEffect(() => {
    const controller = new AbortController();
    for (const part of key ? key.split(',') : []) {
      const [from, days] = part.split('+') as [string, string];
      void fetchDeliveryDays(api, place, from, Number(days), controller.signal).then((read) => {
        if (!read || controller.signal.aborted) return;
        setState((prev) => ({ place, answers: new Map([...(prev.place === place ? prev.answers : EMPTY), ...read]) }));
      });
    }
    return () => controller.abort();
  }, [place, key]);
  return state.place === place ? state.answers : EMPTY;
}

/**
 * The drawer's date picker. Days the shopper cannot take are disabled and say why: the one date
 * rule (past, closed, order-by time, same-day cutoff) and the shop's answer for the place (fully
 * booked). A day's reason is its title on hover and the line under the picker, which a screen reader
 * announces: the day last tapped or clicked (a tap on a day that cannot be taken says why, on a phone
 * too), else hovered by the mouse, or focused from the keyboard; the month's days not open when none
 * is. A focus that follows a tap never replaces it. A chosen day with few places says 'Only N left'; a
 * day chosen earlier that can no longer be taken is flagged. Loaded only when the drawer opens.
 */
export default function DeliveryDatePicker({ value, onChange, id, describedBy, place }: {
  value: string | null;
  onChange(date: string | null): void;
  id: string;
  describedBy?: string;
  place: DayPlace;
}) {
  useBusValue('settings:loaded'); // re-render when the shop's cutoffs arrive
  const settings = checkoutSettings();
  const now = new Date();
  const today = shopDate(now, settings.timeZone);
  const first = firstDeliveryDate(now, settings);
  const [month, setMonth] = useState(() => monthOf(value ?? first));
  const [pointed, setPointed] = useState<string | null>(null);
  const keyboard = useRef(false); // the last input was a key (focus then moves with it)
  const [calendarOpen, setCalendarOpen] = useState(false);

  // The month shown, and the chosen day's own month (to say whether it can still be taken).
  const ranges = useMemo(() => {
    const months = new Set([month, ...(value ? [monthOf(value)] : [])]);
    return [...months].map((m) => pickerRange(m, today)).filter((r) => r !== null);
  }, [month, value, today]);
  const answers = useDayAnswers(place, ranges);
  const dayOf = (date: string) => shownDay(date, answers, place, now, settings);
  const marks = useMemo(() => {
    const all = ranges.map((r) => pickerMarks(r.from, r.days, dayOf));
    return { excluded: all.flatMap((m) => m.excluded), fewLeft: all.flatMap((m) => m.fewLeft) };
    // `now` moves every render; the marks follow the answers, the place and the day.
  }, [answers, ranges, place, settings, today]);

  const chosen = value ? dayOf(value) : null;
  const problem = chosen ? chosenDayProblem(chosen) : null;
  const few = chosen ? fewLeftWords(chosen) : null;
  const noteId = `${id}-day`;
  // While the calendar is open: the day tapped, hovered or focused, with its reason or places left; else the month's days not open.
  const line = pointed ? dayLine(dayOf(pointed)) : calendarOpen ? (shutSummary(month, marks.excluded) ?? '') : '';

  // The day a tap, the mouse or the keyboard's focus is on (react-datepicker tells of none of them for a disabled day).
  const point = (e: FocusEvent<HTMLDivElement> | PointerEvent<HTMLDivElement>) => {
    const target = e.target instanceof Element ? e.target.closest('.react-datepicker__day') : null;
    const date = target?.querySelector('[data-date]')?.getAttribute('data-date');
    if (date) setPointed(date);
  };

  return (
    <div
      className={styles.picker}
      onKeyDownCapture={() => (keyboard.current = true)}
      onPointerDownCapture={(e) => {
        keyboard.current = false;
        point(e);
      }}
      // A touch's pointerover is the tap's own; the focus a tap or click moves is not the shopper's choice of day.
      onPointerOver={(e) => e.pointerType === 'mouse' && point(e)}
      onFocus={(e) => keyboard.current && point(e)}
    >
      <DatePicker
        id={id}
        selected={value ? toDate(value) : null}
        onChange={(d: Date | null) => {
          const iso = d ? toIso(d) : null;
          if (iso && !dayOf(iso).open) return; // a full day is never taken (its reason is on screen)
          onChange(iso);
        }}
        minDate={toDate(first)}
        filterDate={(d: Date) => isSelectableDate(toIso(d), now, settings) && dayOf(toIso(d)).open}
        excludeDates={marks.excluded.map((m) => ({ date: toDate(m.date), message: m.message }))}
        holidays={marks.fewLeft.map((m) => ({ date: `${m.date}T12:00:00`, holidayName: m.words }))}
        renderDayContents={(n: number, d: Date) => <span data-date={toIso(d)}>{n}</span>}
        onMonthChange={(d: Date) => {
          setMonth(monthOf(toIso(d)));
          setPointed(null); // a new month: its days not open, until a day is pointed at
        }}
        onCalendarOpen={() => setCalendarOpen(true)}
        onCalendarClose={() => {
          setCalendarOpen(false);
          setPointed(null);
        }}
        ariaDescribedBy={[describedBy, noteId].filter(Boolean).join(' ')}
        placeholderText="Select date"
        dateFormat="d MMM yyyy"
        autoComplete="off"
        popperPlacement="top-start"
      >
        {/* Seen inside the open calendar, under its days (a line below the field would be under the calendar). */}
        <p className={styles.dayLine} aria-hidden="true">
          {line}
        </p>
      </DatePicker>
      {/* Heard: a status always in the page, so each change is announced. */}
      <p className={styles.srOnly} role="status">
        {line}
      </p>
      <p id={noteId} className={problem ? styles.dayProblem : styles.dayNote}>
        {problem ? <span role="alert">{problem}</span> : few ? dayLine(chosen!) : null}
      </p>
    </div>
  );
}
