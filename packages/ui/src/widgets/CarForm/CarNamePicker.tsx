import * as React from 'react';
import { carNameKey, FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { useCarMakes, useCarModels } from '@pitlane/api/hooks';
import type { CarNameValue } from '../../lib/garage-rules.ts';
import { Combobox, type ComboboxOption } from '../../primitives/Combobox/Combobox.tsx';

/** The key of the "Not in the list? Use …" option: never a list id. */
const TYPED = 'typed';

/** How long typing pauses before the list is asked: a request per pause, not per key. */
const PICKER_DEBOUNCE_MS = 200;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface PickerProps {
  value: CarNameValue;
  onChange: (value: CarNameValue) => void;
  disabled?: boolean;
  /** Given by the Field around the picker (label, status, invalid). */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

interface ListAnswer {
  names: { _id: string; name: string }[] | undefined;
  /** What is typed is still being looked up: the pause before asking, or the request. */
  searching: boolean;
  isError: boolean;
}

/**
 * The list's names that start with what is typed, and last the typed text itself when the list
 * has no name just like it: "Not in the list? Use “Alpina”". A typed name stays apart from the
 * list's (its `id` is null), so the form sends it as `make`/`model`, not `makeId`/`modelId`.
 */
function NamePicker({ value, onChange, answer, placeholder, listless = false, ...props }: PickerProps & { answer: ListAnswer; placeholder: string; listless?: boolean }) {
  const typed = value.text.trim();
  const names = listless ? [] : (answer.names ?? []);
  const exact = names.some((name) => carNameKey(name.name) === carNameKey(typed));
  const options: ComboboxOption[] = names.map((name) => ({ key: name._id, text: name.name }));
  if (typed !== '' && !exact) {
    options.push({ key: TYPED, text: typed, label: <>Not in the list? Use “{typed}”</>, separate: true });
  }

  const notice =
    !listless && answer.isError
      ? FALLBACK_MESSAGES.carPickerFailed
      : value.choice?.id === null
        ? 'Not in the list: kept as you typed it.'
        : !listless && answer.searching && names.length === 0 && typed !== ''
          ? 'Searching...'
          : null;

  return (
    <Combobox
      {...props}
      value={value.text}
      placeholder={placeholder}
      options={options}
      selectedKey={value.choice ? (value.choice.id ?? TYPED) : null}
      notice={notice}
      noticeIsError={!listless && answer.isError}
      busy={!listless && answer.searching}
      // Typing anew drops the choice: what the field holds must be chosen again (or typed in).
      onValueChange={(text) => onChange({ text, choice: value.choice && value.choice.name === text ? value.choice : null })}
      onSelect={(option) =>
        onChange({ text: option.text, choice: option.key === TYPED ? { id: null, name: option.text } : { id: option.key, name: option.text } })
      }
    />
  );
}

/** The make: the shipped list's makes as typed, or a make the list lacks. */
export function MakePicker(props: PickerProps) {
  const typed = props.value.text.trim();
  const q = useDebounced(typed, PICKER_DEBOUNCE_MS);
  const makes = useCarMakes(q);
  return <NamePicker {...props} placeholder="Porsche, Toyota…" answer={{ names: makes.data, searching: typed !== q || makes.isFetching, isError: makes.isError }} />;
}

export interface ModelPickerProps extends PickerProps {
  /** The make as chosen: from the list (its id), typed (id null), or not yet (null). */
  make: CarNameValue['choice'];
}

/**
 * The model: models of the chosen make from the list; only a typed model for a typed make (the
 * list knows no models for it); nothing until a make is chosen.
 */
export function ModelPicker({ make, ...props }: ModelPickerProps) {
  const typed = props.value.text.trim();
  const q = useDebounced(typed, PICKER_DEBOUNCE_MS);
  const models = useCarModels(make?.id ?? null, q);
  const placeholder = make === null ? 'Choose the make first' : make.id === null ? 'Type the model' : '911, Supra…';
  return (
    <NamePicker
      {...props}
      disabled={props.disabled || make === null}
      listless={make?.id === null}
      placeholder={placeholder}
      answer={{ names: models.data, searching: typed !== q || models.isFetching, isError: models.isError }}
    />
  );
}
