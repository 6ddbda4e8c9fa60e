import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AttachmentsInput } from './attachments-input';

afterEach(cleanup);

const limits = { max_files: 2, max_bytes: 1024 * 1024 };

function Harness({ error }: { error?: string }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <MantineProvider>
      <AttachmentsInput files={files} onChange={setFiles} limits={limits} error={error} />
    </MantineProvider>
  );
}

const fileOf = (name: string, size: number) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const input = () => screen.getByLabelText('Attach files (photos, documents)') as HTMLInputElement;
const choose = (files: File[]) => fireEvent.change(input(), { target: { files } });

describe('AttachmentsInput', () => {
  it('says the limits before upload, read out with the input', () => {
    render(<Harness />);
    const description = screen.getByText(/^Up to 2 files, each at most 1 MB/);
    expect(input().getAttribute('aria-describedby')).toContain(description.id);
  });

  it('leaves out a file over the size and files over the count, and says why', () => {
    render(<Harness />);
    choose([
      fileOf('big.pdf', 2 * 1024 * 1024),
      fileOf('a.pdf', 10),
      fileOf('b.pdf', 10),
      fileOf('c.pdf', 10),
    ]);
    const chosen = screen.getByRole('list', { name: 'Files chosen' });
    expect(chosen.textContent).toContain('a.pdf');
    expect(chosen.textContent).toContain('b.pdf');
    expect(chosen.textContent).not.toContain('c.pdf');
    expect(chosen.textContent).not.toContain('big.pdf');
    expect(
      screen.getByText(/big\.pdf is larger than 1 MB\. Only the first 2 files were kept\./),
    ).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server’s message about the files', () => {
    render(
      <Harness error="We cannot accept more files today. Send your complaint without files, or try again tomorrow." />,
    );
    expect(screen.getByText(/We cannot accept more files today/)).toBeTruthy();
  });
});
