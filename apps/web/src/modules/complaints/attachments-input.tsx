import type { PublicAttachmentLimits } from '@licensure/contracts';
import { Input, List, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { describeSize } from './complaints-api';

/** What the form takes until the server's limits are known (the server's defaults). */
const defaultLimits: PublicAttachmentLimits = { max_files: 5, max_bytes: 5 * 1024 * 1024 };

/**
 * The files attached to a complaint: a native file input (its label and description read out with it,
 * reachable and operable by keyboard as browsers make it) and the list of the files chosen. The limits
 * are said before upload; files over them are left out at once, with the reason in the error.
 */
export function AttachmentsInput({
  files,
  onChange,
  error,
  limits = defaultLimits,
}: {
  files: File[];
  onChange(files: File[]): void;
  error?: string;
  limits?: PublicAttachmentLimits;
}) {
  const id = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const choose = (chosen: File[]) => {
    const tooLarge = chosen.filter((f) => f.size > limits.max_bytes);
    const fitting = chosen.filter((f) => f.size <= limits.max_bytes);
    const kept = fitting.slice(0, limits.max_files);
    const reasons = [
      ...tooLarge.map((f) => `${f.name} is larger than ${describeSize(limits.max_bytes)}.`),
      fitting.length > kept.length ? `Only the first ${limits.max_files} files were kept.` : null,
    ].filter(Boolean);
    setRefused(reasons.length > 0 ? reasons.join(' ') : null);
    onChange(kept);
  };
  const shown = error ?? refused ?? undefined;
  if (limits.max_files === 0) return null;
  return (
    <Input.Wrapper
      id={id}
      label="Attach files (photos, documents)"
      description={`Up to ${limits.max_files} files, each at most ${describeSize(limits.max_bytes)}: PDF, images or office documents. Our staff check files before opening them.`}
      error={shown}
    >
      <input
        id={id}
        type="file"
        multiple
        accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.txt,application/pdf,image/*"
        aria-describedby={`${id}-description${shown ? ` ${id}-error` : ''}`}
        aria-invalid={shown ? true : undefined}
        onChange={(e) => choose(Array.from(e.currentTarget.files ?? []))}
        style={{ display: 'block', marginTop: 4 }}
      />
      {files.length > 0 ? (
        <List size="sm" mt="xs" aria-label="Files chosen">
          {files.map((f) => (
            <List.Item key={`${f.name}:${f.size}`}>{`${f.name} (${Math.ceil(f.size / 1024)} KB)`}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" mt="xs">
          No files chosen.
        </Text>
      )}
    </Input.Wrapper>
  );
}
