// The garage forms' checks (issue 17), worded as the server refuses the same values
// (contract/routes/garage.ts), so a form says before sending what the server would answer after.
import {
  CAR_TEXT_LIMITS,
  CAR_YEAR_MIN,
  carYearMax,
  MAX_LOG_COST,
  MAX_LOG_MILEAGE,
  MAX_PHOTO_DESCRIPTION_LENGTH,
  REFUSAL_MESSAGES,
} from '@pitlane/api/contract';
import type { FormRule } from './form.ts';

/**
 * A make or model as a form holds it: the text in the picker, and what was chosen for it: a name
 * of the list (`id`) or the typed name (`id` null). Typing after a choice drops the choice.
 */
export interface CarNameValue {
  text: string;
  choice: { id: string | null; name: string } | null;
}

export interface CarRuleValues {
  make: CarNameValue;
  model: CarNameValue;
  year: string;
  trim: string;
  colour: string;
  description: string;
  coverImageAlt: string;
}

const tooLong = (text: string, max: number) => text.trim().length > max;
const typedTooLong = (name: CarNameValue) => name.choice?.id === null && tooLong(name.choice.name, CAR_TEXT_LIMITS.freeTextName);

/** A whole number of digits only: " 1991" and "1991.5" are no years. */
const WHOLE_NUMBER = /^\d+$/;

/** Add and Edit car: the first refusal that applies, in the order the form shows its fields. */
export const carRule: FormRule<CarRuleValues> = (values) => {
  if (!values.make.choice) return REFUSAL_MESSAGES.carMakeRequired;
  if (!values.model.choice) return REFUSAL_MESSAGES.carModelRequired;
  if (typedTooLong(values.make) || typedTooLong(values.model)) return REFUSAL_MESSAGES.carNameTooLong;
  const year = values.year.trim();
  if (!WHOLE_NUMBER.test(year) || Number(year) < CAR_YEAR_MIN || Number(year) > carYearMax()) return REFUSAL_MESSAGES.carYearOutOfRange;
  if (tooLong(values.trim, CAR_TEXT_LIMITS.trim)) return REFUSAL_MESSAGES.carTrimTooLong;
  if (tooLong(values.colour, CAR_TEXT_LIMITS.colour)) return REFUSAL_MESSAGES.carColourTooLong;
  if (tooLong(values.description, CAR_TEXT_LIMITS.description)) return REFUSAL_MESSAGES.carDescriptionTooLong;
  if (tooLong(values.coverImageAlt, MAX_PHOTO_DESCRIPTION_LENGTH)) return REFUSAL_MESSAGES.photoDescriptionTooLong;
  return null;
};

export interface LogRuleValues {
  date: string;
  title: string;
  text: string;
  mileage: string;
  cost: string;
}

/** A real calendar day `YYYY-MM-DD` (no 31 February), from CAR_YEAR_MIN on. */
export function isLogDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number(date.slice(0, 4)) < CAR_YEAR_MIN) return false;
  const day = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date;
}

/** An amount with at most two decimals: "1240", "1240.5", "1240.50". */
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** A typed amount as the server reads it: trimmed, a decimal comma ("1240,50") read as a point. */
export const normalizeAmount = (text: string): string => text.trim().replace(',', '.');

/** Add and Edit log entry: the first refusal that applies. Mileage and cost may stay empty. */
export const logRule: FormRule<LogRuleValues> = (values) => {
  if (!isLogDate(values.date)) return REFUSAL_MESSAGES.invalidLogDate;
  if (values.title.trim() === '') return REFUSAL_MESSAGES.logTitleRequired;
  if (tooLong(values.title, CAR_TEXT_LIMITS.logTitle)) return REFUSAL_MESSAGES.logTitleTooLong;
  if (tooLong(values.text, CAR_TEXT_LIMITS.logText)) return REFUSAL_MESSAGES.logTextTooLong;
  const mileage = values.mileage.trim();
  if (mileage !== '' && (!WHOLE_NUMBER.test(mileage) || Number(mileage) > MAX_LOG_MILEAGE)) return REFUSAL_MESSAGES.invalidMileage;
  const cost = normalizeAmount(values.cost);
  if (cost !== '' && (!AMOUNT.test(cost) || Number(cost) > MAX_LOG_COST)) return REFUSAL_MESSAGES.invalidCost;
  return null;
};
