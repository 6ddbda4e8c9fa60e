import { ActionIcon, TextInput, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { requiredLabelProps } from '../../../platform/components/required-mark';
import { useDateFormat } from '../../../platform/session/use-date-format';
import { storedDateFromPicker } from './answer-state';
import {
  type DateFormat,
  formatAsTyped,
  formatExample,
  formatStoredDate,
  parseTypedDate,
} from './date-entry';

export interface DateFieldProps {
  id: string;
  label: string;
  description?: string;
  /** The form's own message for this question (required, or from the server). */
  error?: string;
  disabled?: boolean;
  /** Label props of a required question (requiredLabelProps). */
  required?: boolean;
  withAsterisk?: boolean;
  labelProps?: ReturnType<typeof requiredLabelProps>['labelProps'];
  /** The stored answer, YYYY-MM-DD, or null. */
  value: string | null;
  /** The stored date (or null), and why what is typed is not a date (null when it is one, or empty). */
  onChange(value: string | null, problem: string | null): void;
  /** Absent: the enterprise's date format. */
  format?: DateFormat;
}

/**
 * A date question: a text box in the enterprise's format that takes typing (slashes go in by
 * themselves) and pasting, and a calendar button for those who would rather pick. The answer holds
 * only a real date; an impossible or unfinished one says what is wrong once the person leaves the box.
 */
export function DateField({
  id,
  label,
  description,
  error,
  disabled,
  required,
  withAsterisk,
  labelProps,
  value,
  onChange,
  format: formatProp,
}: DateFieldProps) {
  const enterpriseFormat = useDateFormat();
  const format = formatProp ?? enterpriseFormat;
  const [text, setText] = useState(() => formatStoredDate(value, format));
  const [problem, setProblem] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  // An answer set from outside (a draft loaded, a reset) shows in the box; one typed here is already there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the stored value matters
  useEffect(() => {
    const typed = parseTypedDate(text, format);
    const current = typed.kind === 'date' ? typed.value : null;
    if (current !== value && !(value === null && typed.kind === 'invalid')) {
      setText(formatStoredDate(value, format));
      setProblem(null);
    }
  }, [value]);

  // The enterprise's format arrives after the first render: a stored answer is shown again in it.
  const shownIn = useRef(format);
  useEffect(() => {
    if (shownIn.current === format) return;
    const before = parseTypedDate(text, shownIn.current);
    shownIn.current = format;
    if (before.kind === 'date' || before.kind === 'empty') setText(formatStoredDate(value, format));
  }, [format, text, value]);

  const accept = (next: string) => {
    setText(next);
    const parsed = parseTypedDate(next, format);
    const message = parsed.kind === 'invalid' ? parsed.message : null;
    setProblem(message);
    const stored = parsed.kind === 'date' ? parsed.value : null;
    if (stored !== value || message !== problem) onChange(stored, message);
  };

  const pick = () => {
    const input = picker.current;
    if (!input) return;
    input.value = value ?? '';
    try {
      input.showPicker();
    } catch {
      // No calendar to show (an old browser): the box still takes the date typed.
      document.getElementById(id)?.focus();
    }
  };

  const shown: ReactNode = (touched && problem) || error;
  const hint = `${format}, for example ${formatExample(format)}`;
  return (
    <>
      <TextInput
        id={id}
        label={label}
        description={description ? `${description} (${hint})` : hint}
        error={shown || undefined}
        disabled={disabled}
        required={required}
        withAsterisk={withAsterisk}
        labelProps={labelProps}
        inputMode="numeric"
        autoComplete="off"
        placeholder={format}
        value={text}
        maxLength={20}
        onChange={(e) => accept(formatAsTyped(e.currentTarget.value))}
        onBlur={() => {
          setTouched(true);
          const parsed = parseTypedDate(text, format);
          if (parsed.kind === 'date') setText(formatStoredDate(parsed.value, format));
        }}
        rightSectionPointerEvents="all"
        rightSectionWidth={40}
        rightSection={
          <ActionIcon
            variant="subtle"
            color="dark"
            disabled={disabled}
            onClick={pick}
            aria-label={`Choose ${label} from a calendar`}
          >
            <span aria-hidden="true">📅</span>
          </ActionIcon>
        }
        maw={240}
      />
      <VisuallyHidden>
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          aria-label={`${label}: calendar`}
          data-date-picker-for={id}
          onChange={(e) => {
            const picked = storedDateFromPicker(e.currentTarget.value);
            if (!picked) return;
            setTouched(true);
            accept(formatStoredDate(picked, format));
            document.getElementById(id)?.focus();
          }}
        />
      </VisuallyHidden>
    </>
  );
}
