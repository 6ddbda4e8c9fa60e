import type { FormQuestion } from '@licensure/contracts';
import { Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

interface SignatureFieldProps {
  question: FormQuestion;
  /** The stored signature, a PNG data URL. */
  signature: string | null;
  error?: string;
  disabled?: boolean;
  onChange(signature: string | null): void;
}

const CANVAS_HEIGHT = 160;
const BACKGROUND = 'rgb(255, 255, 255)';

/** Fits the canvas's pixels to its shown size (sharp on high-density screens) and redraws the signature. */
function fitCanvas(canvas: HTMLCanvasElement, pad: SignaturePad, signature: string | null) {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const width = canvas.offsetWidth || 480;
  canvas.width = width * ratio;
  canvas.height = CANVAS_HEIGHT * ratio;
  canvas.getContext('2d')?.scale(ratio, ratio);
  pad.clear();
  if (signature) void pad.fromDataURL(signature, { ratio, width, height: CANVAS_HEIGHT });
}

/** Draws a typed name on the canvas as a signature image, for those who cannot draw one. */
function drawTypedName(canvas: HTMLCanvasElement, pad: SignaturePad, name: string): string | null {
  pad.clear();
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const width = canvas.offsetWidth || 480;
  ctx.save();
  ctx.fillStyle = 'rgb(0, 0, 0)';
  ctx.font = 'italic 32px "Segoe Script", "Brush Script MT", cursive, serif';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, 16, CANVAS_HEIGHT / 2, width - 32);
  ctx.restore();
  return canvas.toDataURL('image/png');
}

/**
 * A signature question: a drawing pad (signature_pad on a canvas, with an accessible name and
 * instructions), a typed-name alternative for keyboard and screen-reader users, and a clear button.
 * The answer is the PNG data URL of the canvas.
 */
export function SignatureField({ question: q, signature, error, disabled, onChange }: SignatureFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  // The signature this component produced last, so an unchanged prop does not redraw the canvas.
  const emitted = useRef<string | null>(signature);
  const latest = useRef({ signature, onChange });
  latest.current = { signature, onChange };
  const [typedName, setTypedName] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const base = useId();
  const labelId = `${base}-label`;
  const instructionsId = `${base}-instructions`;
  const errorId = `${base}-error`;
  const inputId = `answer-${q.id}`;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas?.getContext('2d')) return; // No canvas support (tests): the typed name still works.
    const pad = new SignaturePad(canvas, { backgroundColor: BACKGROUND, penColor: 'rgb(0, 0, 0)' });
    padRef.current = pad;
    const endStroke = () => {
      const url = pad.isEmpty() ? null : pad.toDataURL('image/png');
      emitted.current = url;
      latest.current.onChange(url);
    };
    pad.addEventListener('endStroke', endStroke);
    fitCanvas(canvas, pad, latest.current.signature);
    const onResize = () => fitCanvas(canvas, pad, latest.current.signature);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      pad.removeEventListener('endStroke', endStroke);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  // A signature changed from outside (cleared by staff, or a reloaded response): show it.
  useEffect(() => {
    const canvas = canvasRef.current;
    const pad = padRef.current;
    if (!canvas || !pad || signature === emitted.current) return;
    emitted.current = signature;
    fitCanvas(canvas, pad, signature);
  }, [signature]);

  const clear = () => {
    padRef.current?.clear();
    emitted.current = null;
    onChange(null);
  };

  const signWithTypedName = () => {
    const name = typedName.trim();
    if (!name) {
      setTypedError('Type your full name first.');
      return;
    }
    setTypedError(null);
    const canvas = canvasRef.current;
    const pad = padRef.current;
    const url = canvas && pad ? drawTypedName(canvas, pad, name) : null;
    if (!url) {
      setTypedError('This browser cannot make a signature image.');
      return;
    }
    emitted.current = url;
    onChange(url);
  };

  const describedBy = [instructionsId, error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <Text id={labelId} fw={500} size="sm" data-required-mark={q.required || undefined}>
        {q.label}
      </Text>
      <Text id={instructionsId} size="sm" c="dimmed">
        {q.help_text ? `${q.help_text} ` : ''}
        Draw your signature in the box with a mouse, pen or finger. If you cannot draw, type your full name
        below and choose “Sign with typed name”.
      </Text>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={`Signature box for ${q.label}${signature ? ' (signed)' : ' (empty)'}`}
        aria-describedby={instructionsId}
        className="signature-canvas"
        data-invalid={error ? true : undefined}
        data-disabled={disabled || undefined}
        height={CANVAS_HEIGHT}
      />
      <Text size="sm" role="status" aria-live="polite">
        {signature ? 'Signed.' : 'Not signed yet.'}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          id={inputId}
          label="Or type your full name to sign"
          autoComplete="name"
          value={typedName}
          disabled={disabled}
          error={typedError ?? undefined}
          aria-invalid={error || typedError ? true : undefined}
          onChange={(e) => setTypedName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              signWithTypedName();
            }
          }}
          maw={320}
        />
        <Button variant="default" disabled={disabled} onClick={signWithTypedName}>
          Sign with typed name
        </Button>
        <Button variant="default" disabled={disabled || !signature} onClick={clear}>
          Clear signature
        </Button>
      </Group>
      {error ? (
        <Text id={errorId} size="sm" c="red.8">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
